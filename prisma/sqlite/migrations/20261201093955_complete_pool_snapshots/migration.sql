-- AlterTable
ALTER TABLE "Snapshot" ADD COLUMN "baseSnapshotId" TEXT;
ALTER TABLE "Snapshot" ADD COLUMN "changes" JSONB;
ALTER TABLE "Snapshot" ADD COLUMN "mode" TEXT;

-- CreateTable
CREATE TABLE "SnapshotRow" (
    "snapshotId" TEXT NOT NULL,
    "rowKey" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "rowHash" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,

    PRIMARY KEY ("snapshotId", "file", "rowKey"),
    CONSTRAINT "SnapshotRow_snapshotId_fkey" FOREIGN KEY ("snapshotId") REFERENCES "Snapshot" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Pool" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "profile" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetUri" TEXT NOT NULL,
    "imageMode" TEXT NOT NULL DEFAULT 'copy',
    "settings" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Pool_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- A pool's format becomes the profile of the framework that reads it, and images referenced by
-- media-store key (which only resolve inside Verity) become copies: verl reads no relative path,
-- so its pools embed the bytes.
INSERT INTO "new_Pool" ("createdAt", "id", "imageMode", "kind", "name", "projectId", "settings", "targetType", "targetUri", "profile")
SELECT "createdAt", "id",
       CASE WHEN "format" = 'verl_parquet' THEN 'embed' WHEN "imageMode" = 'reference' THEN 'copy' ELSE "imageMode" END,
       "kind", "name", "projectId", "settings", "targetType", "targetUri",
       CASE "format" WHEN 'verl_parquet' THEN 'verl' WHEN 'sharegpt_jsonl' THEN 'llama-factory' WHEN 'csv_json' THEN 'table' ELSE 'ms-swift' END
  FROM "Pool";
DROP TABLE "Pool";
ALTER TABLE "new_Pool" RENAME TO "Pool";
CREATE UNIQUE INDEX "Pool_projectId_name_key" ON "Pool"("projectId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

