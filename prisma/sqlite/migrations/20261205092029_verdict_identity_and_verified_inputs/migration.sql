-- AlterTable
ALTER TABLE "AnswerRevision" ADD COLUMN "inputsHash" TEXT;

-- CreateTable
CREATE TABLE "PredictionRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "predictionId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "x" REAL,
    "y" REAL,
    "rawOutput" TEXT,
    "sourceCorrectness" TEXT,
    "runId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PredictionRevision_predictionId_fkey" FOREIGN KEY ("predictionId") REFERENCES "ModelPrediction" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeVerdictRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "verdictId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "valueScore" REAL,
    "valueBool" BOOLEAN,
    "rationale" TEXT,
    "rawOutput" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeVerdictRevision_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SourceChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "itemType" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "jobId" TEXT,
    "action" TEXT NOT NULL,
    "fields" JSONB NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "revisionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME,
    "resolvedRevisionId" TEXT,
    CONSTRAINT "SourceChange_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SourceChange_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SourceChange_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (hand-written: a NOT NULL column with a default is a plain ADD COLUMN on SQLite:
-- Prisma would copy the whole table)
ALTER TABLE "GroundingSample" ADD COLUMN "verdictChangedUnderOverride" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Trajectory" ADD COLUMN "verdictChangedUnderOverride" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Trajectory" ADD COLUMN "ruleVerdictId" TEXT;
ALTER TABLE "Trajectory" ADD COLUMN "judgeVerdictId" TEXT;
ALTER TABLE "ModelPrediction" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "ModelPrediction" ADD COLUMN "revisedAt" DATETIME;
CREATE INDEX "GroundingSample_projectId_verdictChangedUnderOverride_id_idx" ON "GroundingSample"("projectId", "verdictChangedUnderOverride", "id");
CREATE INDEX "Trajectory_projectId_verdictChangedUnderOverride_id_idx" ON "Trajectory"("projectId", "verdictChangedUnderOverride", "id");

-- Every existing prediction is its own first revision.
INSERT INTO "PredictionRevision" ("id", "predictionId", "revision", "kind", "x", "y", "rawOutput", "sourceCorrectness", "runId", "createdAt")
SELECT 'pr' || "id", "id", 1, "kind", "x", "y", "rawOutput", "sourceCorrectness", "runId", "createdAt" FROM "ModelPrediction";

-- Verdict identities (hand-written): a verdict is (target, kind, judge, prompt version, metric,
-- score or yes/no):
-- rows that imports added beside an older one of the same identity become its later revisions.
-- The oldest row of each identity stays (overrides and triage items move onto it, with the
-- revision they were made on): it takes the values of the newest row: the others go. The key is
-- built as lib/verdicts/verdict-identity.ts builds it (fields joined by U+001F).
CREATE TABLE "_VerdictMerge" AS
SELECT "id", "identityKey",
       ROW_NUMBER() OVER w AS "revision",
       FIRST_VALUE("id") OVER w AS "firstId",
       COUNT(*) OVER (PARTITION BY "projectId", "identityKey") AS "revisions"
  FROM (SELECT "id", "projectId", "createdAt",
               "targetType" || char(31) || COALESCE("sampleId", "trajectoryId", "stepId", '') || char(31) || "kind" || char(31) || "judgeName" || char(31) || COALESCE("promptVersion", '') || char(31) || "metric" || char(31) || CASE WHEN "valueScore" IS NOT NULL THEN 'score' ELSE 'bool' END AS "identityKey"
          FROM "JudgeVerdict")
WINDOW w AS (PARTITION BY "projectId", "identityKey" ORDER BY "createdAt", "id" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);

INSERT INTO "JudgeVerdictRevision" ("id", "verdictId", "revision", "valueScore", "valueBool", "rationale", "rawOutput", "createdAt")
SELECT 'vr' || v."id", m."firstId", m."revision", v."valueScore", v."valueBool", v."rationale", v."rawOutput", v."createdAt"
  FROM "JudgeVerdict" v JOIN "_VerdictMerge" m ON m."id" = v."id";

UPDATE "QueueItem" SET "verdictId" = (SELECT m."firstId" FROM "_VerdictMerge" m WHERE m."id" = "QueueItem"."verdictId") WHERE "verdictId" IN (SELECT "id" FROM "_VerdictMerge" WHERE "id" <> "firstId");
UPDATE "GroundingSample" SET "qualityVerdictId" = (SELECT m."firstId" FROM "_VerdictMerge" m WHERE m."id" = "GroundingSample"."qualityVerdictId") WHERE "qualityVerdictId" IN (SELECT "id" FROM "_VerdictMerge" WHERE "id" <> "firstId");

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_JudgeVerdict" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "identityKey" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "stepId" TEXT,
    "kind" TEXT NOT NULL,
    "judgeName" TEXT NOT NULL,
    "promptVersion" TEXT,
    "metric" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "valueScore" REAL,
    "valueBool" BOOLEAN,
    "rationale" TEXT,
    "rawOutput" TEXT,
    "revisedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "effectiveScore" REAL,
    "effectiveBool" BOOLEAN,
    "effectiveOverrideId" TEXT,
    "overrideOutdated" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "JudgeVerdict_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeVerdict_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeVerdict_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeVerdict_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "Step" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_JudgeVerdict" ("id", "projectId", "identityKey", "targetType", "sampleId", "trajectoryId", "stepId", "kind", "judgeName", "promptVersion", "metric", "revision", "valueScore", "valueBool", "rationale", "rawOutput", "revisedAt", "createdAt")
SELECT f."id", f."projectId", m."identityKey", f."targetType", f."sampleId", f."trajectoryId", f."stepId", f."kind", f."judgeName", f."promptVersion", f."metric",
       m."revisions", l."valueScore", l."valueBool", l."rationale", l."rawOutput", CASE WHEN m."revisions" > 1 THEN l."createdAt" END, f."createdAt"
  FROM "_VerdictMerge" m
  JOIN "JudgeVerdict" f ON f."id" = m."id"
  JOIN "_VerdictMerge" ml ON ml."firstId" = m."id" AND ml."revision" = ml."revisions"
  JOIN "JudgeVerdict" l ON l."id" = ml."id"
 WHERE m."id" = m."firstId";
DROP TABLE "JudgeVerdict";
ALTER TABLE "new_JudgeVerdict" RENAME TO "JudgeVerdict";
CREATE INDEX "JudgeVerdict_projectId_kind_judgeName_idx" ON "JudgeVerdict"("projectId", "kind", "judgeName");
CREATE INDEX "JudgeVerdict_sampleId_idx" ON "JudgeVerdict"("sampleId");
CREATE INDEX "JudgeVerdict_trajectoryId_idx" ON "JudgeVerdict"("trajectoryId");
CREATE INDEX "JudgeVerdict_stepId_idx" ON "JudgeVerdict"("stepId");
CREATE UNIQUE INDEX "JudgeVerdict_projectId_identityKey_key" ON "JudgeVerdict"("projectId", "identityKey");
CREATE TABLE "new_JudgeOverride" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "verdictId" TEXT NOT NULL,
    "verdictRevision" INTEGER NOT NULL DEFAULT 1,
    "userId" TEXT NOT NULL,
    "valueScore" REAL,
    "valueBool" BOOLEAN,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'accepted',
    "withdrawnAt" DATETIME,
    "withdrawnById" TEXT,
    "withdrawnReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeOverride_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeOverride_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_JudgeOverride" ("id", "verdictId", "verdictRevision", "userId", "valueScore", "valueBool", "reason", "status", "createdAt")
SELECT o."id", m."firstId", m."revision", o."userId", o."valueScore", o."valueBool", o."reason", o."status", o."createdAt"
  FROM "JudgeOverride" o JOIN "_VerdictMerge" m ON m."id" = o."verdictId";
DROP TABLE "JudgeOverride";
ALTER TABLE "new_JudgeOverride" RENAME TO "JudgeOverride";
CREATE INDEX "JudgeOverride_verdictId_createdAt_idx" ON "JudgeOverride"("verdictId", "createdAt");
DROP TABLE "_VerdictMerge";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PredictionRevision_predictionId_revision_key" ON "PredictionRevision"("predictionId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeVerdictRevision_verdictId_revision_key" ON "JudgeVerdictRevision"("verdictId", "revision");

-- CreateIndex
CREATE INDEX "SourceChange_projectId_resolvedAt_idx" ON "SourceChange"("projectId", "resolvedAt");

-- CreateIndex
CREATE INDEX "SourceChange_sampleId_idx" ON "SourceChange"("sampleId");

-- CreateIndex
CREATE INDEX "SourceChange_trajectoryId_idx" ON "SourceChange"("trajectoryId");

