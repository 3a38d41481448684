-- AlterTable
ALTER TABLE "QueueItem" ADD COLUMN     "resolution" TEXT,
ADD COLUMN     "resolvedAt" TIMESTAMP(3),
ADD COLUMN     "resolvedById" TEXT;

-- AlterTable
ALTER TABLE "Claim" ADD COLUMN     "honeypotCorrect" BOOLEAN;

-- AlterTable
ALTER TABLE "Snapshot" ADD COLUMN     "error" TEXT,
ADD COLUMN     "sinceAt" TIMESTAMP(3),
ADD COLUMN     "untilAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "QueueItem_queueId_resolvedAt_idx" ON "QueueItem"("queueId", "resolvedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Honeypot_projectId_sampleId_key" ON "Honeypot"("projectId", "sampleId");

-- CreateIndex
CREATE UNIQUE INDEX "Honeypot_projectId_trajectoryId_key" ON "Honeypot"("projectId", "trajectoryId");

