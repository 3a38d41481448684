-- AlterTable
ALTER TABLE "Step" ADD COLUMN "nextScreenRegions" JSONB;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Trajectory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "runId" TEXT,
    "goal" TEXT NOT NULL,
    "benchmark" TEXT,
    "app" TEXT,
    "model" TEXT,
    "groupKey" TEXT,
    "sourceDataset" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "sourceOutcome" BOOLEAN,
    "agentClaimedFinish" BOOLEAN NOT NULL DEFAULT false,
    "invalidActionCount" INTEGER NOT NULL DEFAULT 0,
    "sourceReward" REAL,
    "sourceAdvantage" REAL,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'unreviewed',
    "finalAnswerId" TEXT,
    "extra" JSONB,
    "endImageRef" TEXT,
    "endMediaId" TEXT,
    "verifiedAt" DATETIME,
    "ruleOutcome" BOOLEAN,
    "judgeOutcome" BOOLEAN,
    "autoOutcome" BOOLEAN,
    "autoSource" TEXT,
    "effectiveAutoOutcome" BOOLEAN,
    "humanVerdict" TEXT,
    "mismatchFlags" TEXT NOT NULL DEFAULT '',
    "noVisibleEffectSteps" TEXT NOT NULL DEFAULT '',
    "stepsCorrect" INTEGER NOT NULL DEFAULT 0,
    "stepsIncorrect" INTEGER NOT NULL DEFAULT 0,
    "firstWrongStep" INTEGER,
    "outcome" BOOLEAN,
    "outcomeSource" TEXT,
    "reward" REAL,
    "advantage" REAL,
    "groupSize" INTEGER,
    "benchmarkMetrics" JSONB,
    "derivedRevision" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Trajectory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Trajectory_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvaluationRun" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Trajectory_finalAnswerId_fkey" FOREIGN KEY ("finalAnswerId") REFERENCES "AnswerRevision" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Trajectory" ("advantage", "agentClaimedFinish", "app", "autoOutcome", "autoSource", "benchmark", "benchmarkMetrics", "contentHash", "createdAt", "derivedRevision", "effectiveAutoOutcome", "extra", "finalAnswerId", "firstWrongStep", "goal", "groupKey", "groupSize", "humanVerdict", "id", "invalidActionCount", "judgeOutcome", "mismatchFlags", "model", "outcome", "outcomeSource", "projectId", "reward", "ruleOutcome", "runId", "sourceAdvantage", "sourceDataset", "sourceId", "sourceOutcome", "sourceReward", "status", "stepCount", "stepsCorrect", "stepsIncorrect", "updatedAt", "verifiedAt") SELECT "advantage", "agentClaimedFinish", "app", "autoOutcome", "autoSource", "benchmark", "benchmarkMetrics", "contentHash", "createdAt", "derivedRevision", "effectiveAutoOutcome", "extra", "finalAnswerId", "firstWrongStep", "goal", "groupKey", "groupSize", "humanVerdict", "id", "invalidActionCount", "judgeOutcome", "mismatchFlags", "model", "outcome", "outcomeSource", "projectId", "reward", "ruleOutcome", "runId", "sourceAdvantage", "sourceDataset", "sourceId", "sourceOutcome", "sourceReward", "status", "stepCount", "stepsCorrect", "stepsIncorrect", "updatedAt", "verifiedAt" FROM "Trajectory";
DROP TABLE "Trajectory";
ALTER TABLE "new_Trajectory" RENAME TO "Trajectory";
CREATE UNIQUE INDEX "Trajectory_finalAnswerId_key" ON "Trajectory"("finalAnswerId");
CREATE INDEX "Trajectory_projectId_id_idx" ON "Trajectory"("projectId", "id");
CREATE INDEX "Trajectory_projectId_status_id_idx" ON "Trajectory"("projectId", "status", "id");
CREATE INDEX "Trajectory_projectId_benchmark_id_idx" ON "Trajectory"("projectId", "benchmark", "id");
CREATE INDEX "Trajectory_projectId_model_id_idx" ON "Trajectory"("projectId", "model", "id");
CREATE INDEX "Trajectory_projectId_app_id_idx" ON "Trajectory"("projectId", "app", "id");
CREATE INDEX "Trajectory_projectId_humanVerdict_id_idx" ON "Trajectory"("projectId", "humanVerdict", "id");
CREATE INDEX "Trajectory_projectId_autoOutcome_id_idx" ON "Trajectory"("projectId", "autoOutcome", "id");
CREATE INDEX "Trajectory_projectId_groupKey_idx" ON "Trajectory"("projectId", "groupKey");
CREATE INDEX "Trajectory_projectId_verifiedAt_idx" ON "Trajectory"("projectId", "verifiedAt");
CREATE INDEX "Trajectory_projectId_derivedRevision_idx" ON "Trajectory"("projectId", "derivedRevision");
CREATE INDEX "Trajectory_runId_idx" ON "Trajectory"("runId");
CREATE UNIQUE INDEX "Trajectory_projectId_sourceDataset_sourceId_key" ON "Trajectory"("projectId", "sourceDataset", "sourceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

