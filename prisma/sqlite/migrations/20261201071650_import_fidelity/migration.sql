-- AlterTable
ALTER TABLE "ModelPrediction" ADD COLUMN "extra" JSONB;
ALTER TABLE "ModelPrediction" ADD COLUMN "runId" TEXT;

-- AlterTable
ALTER TABLE "Step" ADD COLUMN "extra" JSONB;
ALTER TABLE "Step" ADD COLUMN "observation" TEXT;
ALTER TABLE "Step" ADD COLUMN "overlayImageRef" TEXT;
ALTER TABLE "Step" ADD COLUMN "overlayMediaId" TEXT;

-- CreateIndex
CREATE INDEX "ModelPrediction_runId_idx" ON "ModelPrediction"("runId");

