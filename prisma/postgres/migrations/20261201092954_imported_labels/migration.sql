-- AlterTable
ALTER TABLE "User" ADD COLUMN     "isPlaceholder" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "extra" JSONB,
ADD COLUMN     "importedHash" TEXT,
ADD COLUMN     "importedVersion" INTEGER;

-- CreateTable
CREATE TABLE "ImportedAnnotator" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "externalName" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "linkedAt" TIMESTAMP(3),
    "linkedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportedAnnotator_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ImportedAnnotator_userId_idx" ON "ImportedAnnotator"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ImportedAnnotator_projectId_source_externalName_key" ON "ImportedAnnotator"("projectId", "source", "externalName");

-- AddForeignKey
ALTER TABLE "ImportedAnnotator" ADD CONSTRAINT "ImportedAnnotator_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ImportedAnnotator" ADD CONSTRAINT "ImportedAnnotator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

