-- AlterTable
ALTER TABLE "GroundingSample" ADD COLUMN     "verdictChangedUnderOverride" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ModelPrediction" ADD COLUMN     "revisedAt" TIMESTAMP(3),
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "verdictChangedUnderOverride" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ruleVerdictId" TEXT,
ADD COLUMN     "judgeVerdictId" TEXT;

-- AlterTable
ALTER TABLE "JudgeVerdict" ADD COLUMN     "effectiveBool" BOOLEAN,
ADD COLUMN     "effectiveOverrideId" TEXT,
ADD COLUMN     "effectiveScore" DOUBLE PRECISION,
ADD COLUMN     "identityKey" TEXT,
ADD COLUMN     "overrideOutdated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "revisedAt" TIMESTAMP(3),
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "JudgeOverride" ADD COLUMN     "verdictRevision" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "withdrawnAt" TIMESTAMP(3),
ADD COLUMN     "withdrawnById" TEXT,
ADD COLUMN     "withdrawnReason" TEXT;

-- AlterTable
ALTER TABLE "AnswerRevision" ADD COLUMN     "inputsHash" TEXT;

-- CreateTable
CREATE TABLE "PredictionRevision" (
    "id" TEXT NOT NULL,
    "predictionId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "x" DOUBLE PRECISION,
    "y" DOUBLE PRECISION,
    "rawOutput" TEXT,
    "sourceCorrectness" TEXT,
    "runId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PredictionRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeVerdictRevision" (
    "id" TEXT NOT NULL,
    "verdictId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "valueScore" DOUBLE PRECISION,
    "valueBool" BOOLEAN,
    "rationale" TEXT,
    "rawOutput" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeVerdictRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SourceChange" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedRevisionId" TEXT,

    CONSTRAINT "SourceChange_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_verdictChangedUnderOverride_id_idx" ON "GroundingSample"("projectId", "verdictChangedUnderOverride", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_verdictChangedUnderOverride_id_idx" ON "Trajectory"("projectId", "verdictChangedUnderOverride", "id");

-- Verdict identities (hand-written): a verdict is (target, kind, judge, prompt version, metric,
-- score or yes/no):
-- rows that imports added beside an older one of the same identity become its later revisions.
-- The oldest row of each identity stays (overrides and triage items move onto it, with the
-- revision they were made on): it takes the values of the newest row: the others are deleted.
-- The key is built as lib/verdicts/verdict-identity.ts builds it (fields joined by U+001F).
UPDATE "JudgeVerdict" SET "identityKey" = "targetType" || chr(31) || COALESCE("sampleId", "trajectoryId", "stepId", '') || chr(31) || "kind" || chr(31) || "judgeName" || chr(31) || COALESCE("promptVersion", '') || chr(31) || "metric" || chr(31) || CASE WHEN "valueScore" IS NOT NULL THEN 'score' ELSE 'bool' END;

CREATE TABLE "_VerdictMerge" AS
SELECT "id",
       ROW_NUMBER() OVER w AS "revision",
       FIRST_VALUE("id") OVER w AS "firstId",
       COUNT(*) OVER (PARTITION BY "projectId", "identityKey") AS "revisions"
  FROM "JudgeVerdict"
WINDOW w AS (PARTITION BY "projectId", "identityKey" ORDER BY "createdAt", "id" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);

INSERT INTO "JudgeVerdictRevision" ("id", "verdictId", "revision", "valueScore", "valueBool", "rationale", "rawOutput", "createdAt")
SELECT 'vr' || v."id", m."firstId", m."revision", v."valueScore", v."valueBool", v."rationale", v."rawOutput", v."createdAt"
  FROM "JudgeVerdict" v JOIN "_VerdictMerge" m ON m."id" = v."id";

UPDATE "JudgeOverride" o SET "verdictRevision" = m."revision", "verdictId" = m."firstId" FROM "_VerdictMerge" m WHERE m."id" = o."verdictId";
UPDATE "QueueItem" q SET "verdictId" = m."firstId" FROM "_VerdictMerge" m WHERE m."id" = q."verdictId" AND m."id" <> m."firstId";
UPDATE "GroundingSample" g SET "qualityVerdictId" = m."firstId" FROM "_VerdictMerge" m WHERE m."id" = g."qualityVerdictId" AND m."id" <> m."firstId";

UPDATE "JudgeVerdict" f
   SET "revision" = m."revisions", "valueScore" = l."valueScore", "valueBool" = l."valueBool", "rationale" = l."rationale", "rawOutput" = l."rawOutput", "revisedAt" = l."createdAt"
  FROM "_VerdictMerge" m JOIN "JudgeVerdict" l ON l."id" = m."id"
 WHERE m."firstId" = f."id" AND m."revision" = m."revisions" AND m."revisions" > 1;

DELETE FROM "JudgeVerdict" v USING "_VerdictMerge" m WHERE m."id" = v."id" AND m."id" <> m."firstId";
DROP TABLE "_VerdictMerge";

ALTER TABLE "JudgeVerdict" ALTER COLUMN "identityKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "JudgeVerdict_projectId_identityKey_key" ON "JudgeVerdict"("projectId", "identityKey");

-- Every existing prediction is its own first revision (hand-written).
INSERT INTO "PredictionRevision" ("id", "predictionId", "revision", "kind", "x", "y", "rawOutput", "sourceCorrectness", "runId", "createdAt")
SELECT 'pr' || "id", "id", 1, "kind", "x", "y", "rawOutput", "sourceCorrectness", "runId", "createdAt" FROM "ModelPrediction";

-- AddForeignKey
ALTER TABLE "PredictionRevision" ADD CONSTRAINT "PredictionRevision_predictionId_fkey" FOREIGN KEY ("predictionId") REFERENCES "ModelPrediction"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdictRevision" ADD CONSTRAINT "JudgeVerdictRevision_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceChange" ADD CONSTRAINT "SourceChange_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceChange" ADD CONSTRAINT "SourceChange_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceChange" ADD CONSTRAINT "SourceChange_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

