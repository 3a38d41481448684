-- AlterTable
ALTER TABLE "QueueItem" ADD COLUMN "resolution" TEXT;
ALTER TABLE "QueueItem" ADD COLUMN "resolvedAt" DATETIME;
ALTER TABLE "QueueItem" ADD COLUMN "resolvedById" TEXT;

-- AlterTable
ALTER TABLE "Claim" ADD COLUMN "honeypotCorrect" BOOLEAN;

-- AlterTable
ALTER TABLE "Snapshot" ADD COLUMN "error" TEXT;
ALTER TABLE "Snapshot" ADD COLUMN "sinceAt" DATETIME;
ALTER TABLE "Snapshot" ADD COLUMN "untilAt" DATETIME;

-- CreateIndex
CREATE INDEX "QueueItem_queueId_resolvedAt_idx" ON "QueueItem"("queueId", "resolvedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Honeypot_projectId_sampleId_key" ON "Honeypot"("projectId", "sampleId");

-- CreateIndex
CREATE UNIQUE INDEX "Honeypot_projectId_trajectoryId_key" ON "Honeypot"("projectId", "trajectoryId");

