-- A pool's format becomes the profile of the framework that reads it, and images referenced by
-- media-store key (which only resolve inside Verity) become copies: verl reads no relative path,
-- so its pools embed the bytes.
ALTER TABLE "Pool" ADD COLUMN "profile" TEXT;
UPDATE "Pool" SET "profile" = CASE "format" WHEN 'verl_parquet' THEN 'verl' WHEN 'sharegpt_jsonl' THEN 'llama-factory' WHEN 'csv_json' THEN 'table' ELSE 'ms-swift' END,
                  "imageMode" = CASE WHEN "format" = 'verl_parquet' THEN 'embed' WHEN "imageMode" = 'reference' THEN 'copy' ELSE "imageMode" END;
ALTER TABLE "Pool" ALTER COLUMN "profile" SET NOT NULL;
ALTER TABLE "Pool" DROP COLUMN "format";

-- AlterTable
ALTER TABLE "Snapshot" ADD COLUMN     "baseSnapshotId" TEXT,
ADD COLUMN     "changes" JSONB,
ADD COLUMN     "mode" TEXT;

-- CreateTable
CREATE TABLE "SnapshotRow" (
    "snapshotId" TEXT NOT NULL,
    "rowKey" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "rowHash" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,

    CONSTRAINT "SnapshotRow_pkey" PRIMARY KEY ("snapshotId","file","rowKey")
);

-- AddForeignKey
ALTER TABLE "SnapshotRow" ADD CONSTRAINT "SnapshotRow_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

