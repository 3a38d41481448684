-- CreateTable
CREATE TABLE "ModelRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "temperature" REAL NOT NULL DEFAULT 0,
    "maxTokens" INTEGER,
    "scope" JSONB NOT NULL,
    "total" INTEGER NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "cacheHits" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ModelRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModelRunItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" TEXT,
    "agreement" REAL,
    "errorKind" TEXT,
    "error" TEXT,
    "replies" JSONB,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ModelRunItem_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ModelRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModelReplyCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "finishReason" TEXT,
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "latencyMs" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ModelConnectionSlot" (
    "connectionId" TEXT NOT NULL,
    "slot" INTEGER NOT NULL,
    "holder" TEXT,
    "heldUntil" DATETIME,

    PRIMARY KEY ("connectionId", "slot")
);

-- CreateTable
CREATE TABLE "ModelRateWindow" (
    "connectionId" TEXT NOT NULL,
    "windowStart" DATETIME NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("connectionId", "windowStart")
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

