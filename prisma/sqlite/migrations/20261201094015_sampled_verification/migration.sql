-- CreateTable
CREATE TABLE "VerificationSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "design" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "scoreEdges" JSONB,
    "populationSize" INTEGER NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VerificationSample_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VerificationSample_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvaluationRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VerificationStratum" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sampleId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "populationSize" INTEGER NOT NULL,
    "drawnSize" INTEGER NOT NULL DEFAULT 0,
    "weight" REAL,
    CONSTRAINT "VerificationStratum_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "VerificationSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VerificationRound" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sampleId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "allocation" JSONB NOT NULL,
    "targetHalfWidth" REAL,
    "queueId" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VerificationRound_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "VerificationSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VerificationUnit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sampleId" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "stratumKey" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "round" INTEGER,
    CONSTRAINT "VerificationUnit_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "VerificationSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VerificationUnit_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "VerificationSample_runId_key" ON "VerificationSample"("runId");

-- CreateIndex
CREATE INDEX "VerificationSample_projectId_idx" ON "VerificationSample"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationStratum_sampleId_key_key" ON "VerificationStratum"("sampleId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationRound_sampleId_round_key" ON "VerificationRound"("sampleId", "round");

-- CreateIndex
CREATE INDEX "VerificationUnit_trajectoryId_idx" ON "VerificationUnit"("trajectoryId");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationUnit_sampleId_trajectoryId_key" ON "VerificationUnit"("sampleId", "trajectoryId");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationUnit_sampleId_stratumKey_rank_key" ON "VerificationUnit"("sampleId", "stratumKey", "rank");

