-- AlterTable
ALTER TABLE "JudgeVerdict" ADD COLUMN     "proposedRewrite" TEXT,
ADD COLUMN     "rewriteDismissedAt" TIMESTAMP(3),
ADD COLUMN     "rewriteDismissedById" TEXT;

-- AlterTable
ALTER TABLE "JudgeVerdictRevision" ADD COLUMN     "proposedRewrite" TEXT;

