-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "proposal" TEXT;

-- CreateTable
CREATE TABLE "AnswerRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "itemType" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "revision" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "decidedById" TEXT,
    "contributorIds" JSONB NOT NULL,
    "fromAnnotationId" TEXT,
    "fromVersion" INTEGER,
    "targetAbsent" BOOLEAN,
    "boxX1" REAL,
    "boxY1" REAL,
    "boxX2" REAL,
    "boxY2" REAL,
    "instructionRewrite" TEXT,
    "qualityScore" REAL,
    "traceVerdict" TEXT,
    "firstWrongStep" INTEGER,
    "stepLabels" JSONB,
    "note" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "supersededAt" DATETIME,
    "supersededReason" TEXT,
    CONSTRAINT "AnswerRevision_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AnswerRevision_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "AnswerRevision_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AnswerRevision_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "settings" JSONB NOT NULL,
    "derivationRevision" INTEGER NOT NULL DEFAULT 1,
    "derivationCode" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Project" ("createdAt", "description", "id", "name", "settings", "slug", "updatedAt") SELECT "createdAt", "description", "id", "name", "settings", "slug", "updatedAt" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");
CREATE TABLE "new_GroundingSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "mediaId" TEXT,
    "imageRef" TEXT,
    "imageMissing" BOOLEAN NOT NULL DEFAULT false,
    "imageWidth" INTEGER,
    "imageHeight" INTEGER,
    "instruction" TEXT NOT NULL,
    "language" TEXT,
    "platform" TEXT,
    "app" TEXT,
    "uiType" TEXT,
    "sourceDataset" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "targetAbsent" BOOLEAN NOT NULL DEFAULT false,
    "boxX1" REAL,
    "boxY1" REAL,
    "boxX2" REAL,
    "boxY2" REAL,
    "polygon" JSONB,
    "extra" JSONB,
    "status" TEXT NOT NULL DEFAULT 'unreviewed',
    "finalAnswerId" TEXT,
    "verifiedAt" DATETIME,
    "effectiveTargetAbsent" BOOLEAN NOT NULL DEFAULT false,
    "effectiveBoxX1" REAL,
    "effectiveBoxY1" REAL,
    "effectiveBoxX2" REAL,
    "effectiveBoxY2" REAL,
    "instructionRewrite" TEXT,
    "judgeScore" REAL,
    "humanScore" REAL,
    "qualityScore" REAL,
    "qualitySource" TEXT,
    "qualityVerdictId" TEXT,
    "qualityOverrideId" TEXT,
    "qualityTier" TEXT,
    "predictionsTotal" INTEGER NOT NULL DEFAULT 0,
    "predictionsCorrect" INTEGER NOT NULL DEFAULT 0,
    "derivedRevision" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GroundingSample_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroundingSample_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "GroundingSample_finalAnswerId_fkey" FOREIGN KEY ("finalAnswerId") REFERENCES "AnswerRevision" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_GroundingSample" ("app", "boxX1", "boxX2", "boxY1", "boxY2", "contentHash", "createdAt", "extra", "id", "imageHeight", "imageMissing", "imageRef", "imageWidth", "instruction", "language", "mediaId", "platform", "polygon", "projectId", "qualityScore", "sourceDataset", "sourceId", "status", "targetAbsent", "uiType", "updatedAt", "verifiedAt") SELECT "app", "boxX1", "boxX2", "boxY1", "boxY2", "contentHash", "createdAt", "extra", "id", "imageHeight", "imageMissing", "imageRef", "imageWidth", "instruction", "language", "mediaId", "platform", "polygon", "projectId", "qualityScore", "sourceDataset", "sourceId", "status", "targetAbsent", "uiType", "updatedAt", "verifiedAt" FROM "GroundingSample";
DROP TABLE "GroundingSample";
ALTER TABLE "new_GroundingSample" RENAME TO "GroundingSample";
CREATE UNIQUE INDEX "GroundingSample_finalAnswerId_key" ON "GroundingSample"("finalAnswerId");
CREATE INDEX "GroundingSample_projectId_id_idx" ON "GroundingSample"("projectId", "id");
CREATE INDEX "GroundingSample_projectId_status_id_idx" ON "GroundingSample"("projectId", "status", "id");
CREATE INDEX "GroundingSample_projectId_sourceDataset_id_idx" ON "GroundingSample"("projectId", "sourceDataset", "id");
CREATE INDEX "GroundingSample_projectId_platform_id_idx" ON "GroundingSample"("projectId", "platform", "id");
CREATE INDEX "GroundingSample_projectId_app_id_idx" ON "GroundingSample"("projectId", "app", "id");
CREATE INDEX "GroundingSample_projectId_uiType_id_idx" ON "GroundingSample"("projectId", "uiType", "id");
CREATE INDEX "GroundingSample_projectId_verifiedAt_idx" ON "GroundingSample"("projectId", "verifiedAt");
CREATE INDEX "GroundingSample_projectId_qualityScore_idx" ON "GroundingSample"("projectId", "qualityScore");
CREATE INDEX "GroundingSample_projectId_qualityTier_id_idx" ON "GroundingSample"("projectId", "qualityTier", "id");
CREATE INDEX "GroundingSample_projectId_derivedRevision_idx" ON "GroundingSample"("projectId", "derivedRevision");
CREATE INDEX "GroundingSample_mediaId_idx" ON "GroundingSample"("mediaId");
CREATE INDEX "GroundingSample_projectId_imageRef_idx" ON "GroundingSample"("projectId", "imageRef");
CREATE UNIQUE INDEX "GroundingSample_projectId_sourceDataset_sourceId_key" ON "GroundingSample"("projectId", "sourceDataset", "sourceId");
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
    "verifiedAt" DATETIME,
    "ruleOutcome" BOOLEAN,
    "judgeOutcome" BOOLEAN,
    "autoOutcome" BOOLEAN,
    "autoSource" TEXT,
    "effectiveAutoOutcome" BOOLEAN,
    "humanVerdict" TEXT,
    "mismatchFlags" TEXT NOT NULL DEFAULT '',
    "stepsCorrect" INTEGER NOT NULL DEFAULT 0,
    "stepsIncorrect" INTEGER NOT NULL DEFAULT 0,
    "firstWrongStep" INTEGER,
    "outcome" BOOLEAN,
    "outcomeSource" TEXT,
    "reward" REAL,
    "advantage" REAL,
    "groupSize" INTEGER,
    "derivedRevision" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Trajectory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Trajectory_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvaluationRun" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Trajectory_finalAnswerId_fkey" FOREIGN KEY ("finalAnswerId") REFERENCES "AnswerRevision" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Trajectory" ("agentClaimedFinish", "app", "autoOutcome", "benchmark", "contentHash", "createdAt", "extra", "goal", "groupKey", "humanVerdict", "id", "invalidActionCount", "mismatchFlags", "model", "projectId", "runId", "sourceAdvantage", "sourceDataset", "sourceId", "sourceReward", "status", "stepCount", "updatedAt", "verifiedAt") SELECT "agentClaimedFinish", "app", "autoOutcome", "benchmark", "contentHash", "createdAt", "extra", "goal", "groupKey", "humanVerdict", "id", "invalidActionCount", "mismatchFlags", "model", "projectId", "runId", "sourceAdvantage", "sourceDataset", "sourceId", "sourceReward", "status", "stepCount", "updatedAt", "verifiedAt" FROM "Trajectory";
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

-- CreateIndex
CREATE INDEX "AnswerRevision_projectId_createdAt_idx" ON "AnswerRevision"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AnswerRevision_sampleId_revision_key" ON "AnswerRevision"("sampleId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "AnswerRevision_trajectoryId_revision_key" ON "AnswerRevision"("trajectoryId", "revision");

-- CreateIndex
CREATE INDEX "Annotation_projectId_proposal_idx" ON "Annotation"("projectId", "proposal");

-- ---------------------------------------------------------------- data (written by hand)
-- The imported outcome keeps its value under its own name, and autoOutcome becomes derived.
UPDATE "Trajectory" SET "sourceOutcome" = "autoOutcome";
-- The lifecycle's names (lib/domain/item-lifecycle.ts).
UPDATE "GroundingSample" SET "status" = 'unreviewed' WHERE "status" = 'pending';
UPDATE "Trajectory" SET "status" = 'unreviewed' WHERE "status" = 'pending';
UPDATE "GroundingSample" SET "status" = 'awaiting_adjudication'
 WHERE "status" IN ('unreviewed', 'in_review') AND EXISTS (SELECT 1 FROM "QueueItem" q WHERE q."sampleId" = "GroundingSample"."id" AND q."status" = 'adjudication');
UPDATE "Trajectory" SET "status" = 'awaiting_adjudication'
 WHERE "status" IN ('unreviewed', 'in_review') AND EXISTS (SELECT 1 FROM "QueueItem" q WHERE q."trajectoryId" = "Trajectory"."id" AND q."status" = 'adjudication');
-- Pin the final answer of every verified or rejected item as its first revision: the answer
-- the old rule chose (the latest submitted adjudication, else the latest submitted label).
INSERT INTO "AnswerRevision" ("id", "projectId", "itemType", "sampleId", "revision", "source", "decision", "decidedById", "contributorIds",
  "fromAnnotationId", "fromVersion", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "instructionRewrite", "qualityScore", "note", "createdAt")
SELECT 'r' || a."id", a."projectId", 'sample', a."sampleId", 1,
       CASE WHEN a."kind" = 'adjudication' AND a."note" LIKE 'Consensus of%' THEN 'consensus' WHEN a."kind" = 'adjudication' THEN 'adjudication' ELSE 'review' END,
       CASE WHEN s."status" = 'rejected' THEN 'reject' ELSE 'accept' END,
       a."annotatorId", json_array(a."annotatorId"), a."id", a."version", a."targetAbsent", a."boxX1", a."boxY1", a."boxX2", a."boxY2",
       a."instructionRewrite", a."qualityScore", a."note", COALESCE(s."verifiedAt", a."submittedAt", a."updatedAt")
  FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY "sampleId" ORDER BY CASE "kind" WHEN 'adjudication' THEN 0 ELSE 1 END, "submittedAt" DESC, "id" DESC) AS "rank"
          FROM "Annotation" WHERE "sampleId" IS NOT NULL AND "status" = 'submitted' AND "kind" IN ('label', 'adjudication')) a
  JOIN "GroundingSample" s ON s."id" = a."sampleId"
 WHERE a."rank" = 1 AND s."status" IN ('verified', 'rejected');
UPDATE "GroundingSample" SET "finalAnswerId" = (SELECT r."id" FROM "AnswerRevision" r WHERE r."sampleId" = "GroundingSample"."id" AND r."revision" = 1)
 WHERE "status" IN ('verified', 'rejected');
INSERT INTO "AnswerRevision" ("id", "projectId", "itemType", "trajectoryId", "revision", "source", "decision", "decidedById", "contributorIds",
  "fromAnnotationId", "fromVersion", "traceVerdict", "firstWrongStep", "stepLabels", "note", "createdAt")
SELECT 'r' || a."id", a."projectId", 'trajectory', a."trajectoryId", 1,
       CASE WHEN a."kind" = 'adjudication' AND a."note" LIKE 'Consensus of%' THEN 'consensus' WHEN a."kind" = 'adjudication' THEN 'adjudication' ELSE 'review' END,
       CASE WHEN t."status" = 'rejected' THEN 'reject' ELSE 'accept' END,
       a."annotatorId", json_array(a."annotatorId"), a."id", a."version", a."traceVerdict", a."firstWrongStep", a."stepLabels", a."note",
       COALESCE(t."verifiedAt", a."submittedAt", a."updatedAt")
  FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY "trajectoryId" ORDER BY CASE "kind" WHEN 'adjudication' THEN 0 ELSE 1 END, "submittedAt" DESC, "id" DESC) AS "rank"
          FROM "Annotation" WHERE "trajectoryId" IS NOT NULL AND "status" = 'submitted' AND "kind" IN ('label', 'adjudication')) a
  JOIN "Trajectory" t ON t."id" = a."trajectoryId"
 WHERE a."rank" = 1 AND t."status" IN ('verified', 'rejected');
UPDATE "Trajectory" SET "finalAnswerId" = (SELECT r."id" FROM "AnswerRevision" r WHERE r."trajectoryId" = "Trajectory"."id" AND r."revision" = 1)
 WHERE "status" IN ('verified', 'rejected');
-- A verified item without any submitted answer has nothing to pin: it goes back to review.
UPDATE "GroundingSample" SET "status" = 'reopened', "verifiedAt" = NULL WHERE "status" IN ('verified', 'rejected') AND "finalAnswerId" IS NULL;
UPDATE "Trajectory" SET "status" = 'reopened', "verifiedAt" = NULL WHERE "status" IN ('verified', 'rejected') AND "finalAnswerId" IS NULL;
-- Every derived value is recomputed by the derivation job queued at start-up (derivedRevision 0).
