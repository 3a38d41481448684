-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN "terminationReason" TEXT;

-- CreateIndex
CREATE INDEX "Trajectory_projectId_terminationReason_id_idx" ON "Trajectory"("projectId", "terminationReason", "id");


-- Backfill: UI-Venus framework episodes imported before kept their end reason in extra.
UPDATE "Trajectory" SET "terminationReason" = json_extract("extra", '$.terminationReason')
 WHERE "sourceDataset" = 'ui-venus-framework' AND json_valid("extra") AND json_type("extra", '$.terminationReason') = 'text';
