-- AlterTable
ALTER TABLE "JudgeVerdict" ADD COLUMN "proposedRewrite" TEXT;
ALTER TABLE "JudgeVerdict" ADD COLUMN "rewriteDismissedAt" DATETIME;
ALTER TABLE "JudgeVerdict" ADD COLUMN "rewriteDismissedById" TEXT;

-- AlterTable
ALTER TABLE "JudgeVerdictRevision" ADD COLUMN "proposedRewrite" TEXT;

