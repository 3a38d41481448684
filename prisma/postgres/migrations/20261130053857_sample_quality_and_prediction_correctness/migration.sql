-- AlterTable
ALTER TABLE "GroundingSample" ADD COLUMN     "qualityScore" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "ModelPrediction" ADD COLUMN     "correctness" TEXT;

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_qualityScore_idx" ON "GroundingSample"("projectId", "qualityScore");

-- CreateIndex
CREATE INDEX "ModelPrediction_projectId_correctness_idx" ON "ModelPrediction"("projectId", "correctness");

