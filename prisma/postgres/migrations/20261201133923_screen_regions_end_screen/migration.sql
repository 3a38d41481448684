-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "endImageRef" TEXT,
ADD COLUMN     "endMediaId" TEXT,
ADD COLUMN     "noVisibleEffectSteps" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Step" ADD COLUMN     "nextScreenRegions" JSONB;

