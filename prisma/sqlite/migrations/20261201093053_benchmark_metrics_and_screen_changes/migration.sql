-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN "benchmarkMetrics" JSONB;

-- AlterTable
ALTER TABLE "Step" ADD COLUMN "nextScreenAgreement" REAL;
ALTER TABLE "Step" ADD COLUMN "nextScreenMediaId" TEXT;
ALTER TABLE "Step" ADD COLUMN "nextScreenStatus" TEXT;
ALTER TABLE "Step" ADD COLUMN "nextScreenUnchanged" BOOLEAN;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "subGoals" JSONB;

-- AlterTable
ALTER TABLE "AnswerRevision" ADD COLUMN "subGoals" JSONB;

