-- AlterTable
ALTER TABLE "ModelPrediction" ADD COLUMN     "extra" JSONB,
ADD COLUMN     "runId" TEXT;

-- AlterTable
ALTER TABLE "Step" ADD COLUMN     "extra" JSONB,
ADD COLUMN     "observation" TEXT,
ADD COLUMN     "overlayImageRef" TEXT,
ADD COLUMN     "overlayMediaId" TEXT;

-- CreateIndex
CREATE INDEX "ModelPrediction_runId_idx" ON "ModelPrediction"("runId");

