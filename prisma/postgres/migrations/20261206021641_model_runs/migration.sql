-- CreateTable
CREATE TABLE "ModelRun" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "connectionId" TEXT,
    "connectionName" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "convention" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateVersion" INTEGER NOT NULL,
    "templateHash" TEXT NOT NULL,
    "template" JSONB NOT NULL,
    "outputName" TEXT NOT NULL,
    "k" INTEGER NOT NULL DEFAULT 1,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "maxTokens" INTEGER,
    "scope" JSONB NOT NULL,
    "total" INTEGER NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ModelRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelRunItem" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" TEXT,
    "agreement" DOUBLE PRECISION,
    "errorKind" TEXT,
    "error" TEXT,
    "replies" JSONB,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelRunItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelReplyCache" (
    "key" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "finishReason" TEXT,
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelReplyCache_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ModelConnectionSlot" (
    "connectionId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "holder" TEXT,
    "heldUntil" TIMESTAMP(3),

    CONSTRAINT "ModelConnectionSlot_pkey" PRIMARY KEY ("connectionId","slot")
);

-- CreateTable
CREATE TABLE "ModelRateWindow" (
    "connectionId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ModelRateWindow_pkey" PRIMARY KEY ("connectionId","windowStart")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelRun_jobId_key" ON "ModelRun"("jobId");

-- CreateIndex
CREATE INDEX "ModelRun_projectId_createdAt_idx" ON "ModelRun"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "ModelRunItem_runId_status_idx" ON "ModelRunItem"("runId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "ModelRunItem_runId_ordinal_key" ON "ModelRunItem"("runId", "ordinal");

-- CreateIndex
CREATE INDEX "ModelReplyCache_projectId_idx" ON "ModelReplyCache"("projectId");

-- AddForeignKey
ALTER TABLE "ModelRun" ADD CONSTRAINT "ModelRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelRunItem" ADD CONSTRAINT "ModelRunItem_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ModelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

