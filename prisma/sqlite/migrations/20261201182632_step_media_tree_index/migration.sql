-- DropIndex
DROP INDEX "Step_mediaId_idx";

-- CreateIndex
CREATE INDEX "Step_mediaId_uiTreeKey_idx" ON "Step"("mediaId", "uiTreeKey");

