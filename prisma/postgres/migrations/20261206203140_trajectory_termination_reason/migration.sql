-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "terminationReason" TEXT;

-- CreateIndex
CREATE INDEX "Trajectory_projectId_terminationReason_id_idx" ON "Trajectory"("projectId", "terminationReason", "id");


-- Backfill: UI-Venus framework episodes imported before kept their end reason in extra.
UPDATE "Trajectory" SET "terminationReason" = "extra"->>'terminationReason'
 WHERE "sourceDataset" = 'ui-venus-framework' AND jsonb_typeof("extra"->'terminationReason') = 'string';
