-- AlterTable
ALTER TABLE "Step" ADD COLUMN "agentTreeKey" TEXT;

