-- AlterTable
ALTER TABLE "Trajectory" ADD COLUMN     "benchmarkMetrics" JSONB;

-- AlterTable
ALTER TABLE "Step" ADD COLUMN     "nextScreenAgreement" DOUBLE PRECISION,
ADD COLUMN     "nextScreenMediaId" TEXT,
ADD COLUMN     "nextScreenStatus" TEXT,
ADD COLUMN     "nextScreenUnchanged" BOOLEAN;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "subGoals" JSONB;

-- AlterTable
ALTER TABLE "AnswerRevision" ADD COLUMN     "subGoals" JSONB;

