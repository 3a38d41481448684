-- DropIndex
DROP INDEX "GroundingSample_projectId_status_idx";

-- DropIndex
DROP INDEX "GroundingSample_projectId_sourceDataset_status_idx";

-- DropIndex
DROP INDEX "GroundingSample_projectId_platform_idx";

-- DropIndex
DROP INDEX "GroundingSample_projectId_app_idx";

-- DropIndex
DROP INDEX "Trajectory_projectId_status_idx";

-- DropIndex
DROP INDEX "Trajectory_projectId_benchmark_status_idx";

-- DropIndex
DROP INDEX "Trajectory_projectId_model_idx";

-- DropIndex
DROP INDEX "Trajectory_projectId_app_idx";

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_id_idx" ON "GroundingSample"("projectId", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_status_id_idx" ON "GroundingSample"("projectId", "status", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_sourceDataset_id_idx" ON "GroundingSample"("projectId", "sourceDataset", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_platform_id_idx" ON "GroundingSample"("projectId", "platform", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_app_id_idx" ON "GroundingSample"("projectId", "app", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_uiType_id_idx" ON "GroundingSample"("projectId", "uiType", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_id_idx" ON "Trajectory"("projectId", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_status_id_idx" ON "Trajectory"("projectId", "status", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_benchmark_id_idx" ON "Trajectory"("projectId", "benchmark", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_model_id_idx" ON "Trajectory"("projectId", "model", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_app_id_idx" ON "Trajectory"("projectId", "app", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_humanVerdict_id_idx" ON "Trajectory"("projectId", "humanVerdict", "id");

