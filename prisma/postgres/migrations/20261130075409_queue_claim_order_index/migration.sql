-- DropIndex
DROP INDEX "QueueItem_queueId_status_priority_idx";

-- CreateIndex
CREATE INDEX "QueueItem_queueId_status_priority_id_idx" ON "QueueItem"("queueId", "status", "priority" DESC, "id");

