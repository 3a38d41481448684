-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "derivationCode" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "derivationRevision" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "GroundingSample" ADD COLUMN     "derivedRevision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "effectiveBoxX1" DOUBLE PRECISION,
ADD COLUMN     "effectiveBoxX2" DOUBLE PRECISION,
ADD COLUMN     "effectiveBoxY1" DOUBLE PRECISION,
ADD COLUMN     "effectiveBoxY2" DOUBLE PRECISION,
ADD COLUMN     "effectiveTargetAbsent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "finalAnswerId" TEXT,
ADD COLUMN     "humanScore" DOUBLE PRECISION,
ADD COLUMN     "instructionRewrite" TEXT,
ADD COLUMN     "judgeScore" DOUBLE PRECISION,
ADD COLUMN     "predictionsCorrect" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "predictionsTotal" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "qualityOverrideId" TEXT,
ADD COLUMN     "qualitySource" TEXT,
ADD COLUMN     "qualityTier" TEXT,
ADD COLUMN     "qualityVerdictId" TEXT,
ALTER COLUMN "status" SET DEFAULT 'unreviewed';

-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "advantage" DOUBLE PRECISION,
ADD COLUMN     "autoSource" TEXT,
ADD COLUMN     "derivedRevision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "effectiveAutoOutcome" BOOLEAN,
ADD COLUMN     "finalAnswerId" TEXT,
ADD COLUMN     "firstWrongStep" INTEGER,
ADD COLUMN     "groupSize" INTEGER,
ADD COLUMN     "judgeOutcome" BOOLEAN,
ADD COLUMN     "outcome" BOOLEAN,
ADD COLUMN     "outcomeSource" TEXT,
ADD COLUMN     "reward" DOUBLE PRECISION,
ADD COLUMN     "ruleOutcome" BOOLEAN,
ADD COLUMN     "sourceOutcome" BOOLEAN,
ADD COLUMN     "stepsCorrect" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stepsIncorrect" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "status" SET DEFAULT 'unreviewed';

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "proposal" TEXT;

-- CreateTable
CREATE TABLE "AnswerRevision" (
    "id" TEXT NOT NULL,
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
    "boxX1" DOUBLE PRECISION,
    "boxY1" DOUBLE PRECISION,
    "boxX2" DOUBLE PRECISION,
    "boxY2" DOUBLE PRECISION,
    "instructionRewrite" TEXT,
    "qualityScore" DOUBLE PRECISION,
    "traceVerdict" TEXT,
    "firstWrongStep" INTEGER,
    "stepLabels" JSONB,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "supersededAt" TIMESTAMP(3),
    "supersededReason" TEXT,

    CONSTRAINT "AnswerRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AnswerRevision_projectId_createdAt_idx" ON "AnswerRevision"("projectId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AnswerRevision_sampleId_revision_key" ON "AnswerRevision"("sampleId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "AnswerRevision_trajectoryId_revision_key" ON "AnswerRevision"("trajectoryId", "revision");

-- CreateIndex
CREATE UNIQUE INDEX "GroundingSample_finalAnswerId_key" ON "GroundingSample"("finalAnswerId");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_qualityTier_id_idx" ON "GroundingSample"("projectId", "qualityTier", "id");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_derivedRevision_idx" ON "GroundingSample"("projectId", "derivedRevision");

-- CreateIndex
CREATE UNIQUE INDEX "Trajectory_finalAnswerId_key" ON "Trajectory"("finalAnswerId");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_autoOutcome_id_idx" ON "Trajectory"("projectId", "autoOutcome", "id");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_derivedRevision_idx" ON "Trajectory"("projectId", "derivedRevision");

-- CreateIndex
CREATE INDEX "Annotation_projectId_proposal_idx" ON "Annotation"("projectId", "proposal");

-- AddForeignKey
ALTER TABLE "GroundingSample" ADD CONSTRAINT "GroundingSample_finalAnswerId_fkey" FOREIGN KEY ("finalAnswerId") REFERENCES "AnswerRevision"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_finalAnswerId_fkey" FOREIGN KEY ("finalAnswerId") REFERENCES "AnswerRevision"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnswerRevision" ADD CONSTRAINT "AnswerRevision_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnswerRevision" ADD CONSTRAINT "AnswerRevision_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnswerRevision" ADD CONSTRAINT "AnswerRevision_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnswerRevision" ADD CONSTRAINT "AnswerRevision_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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
       a."annotatorId", jsonb_build_array(a."annotatorId"), a."id", a."version", a."targetAbsent", a."boxX1", a."boxY1", a."boxX2", a."boxY2",
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
       a."annotatorId", jsonb_build_array(a."annotatorId"), a."id", a."version", a."traceVerdict", a."firstWrongStep", a."stepLabels", a."note",
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
