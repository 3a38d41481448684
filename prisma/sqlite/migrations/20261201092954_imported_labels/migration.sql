-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "extra" JSONB;
ALTER TABLE "Annotation" ADD COLUMN "importedHash" TEXT;
ALTER TABLE "Annotation" ADD COLUMN "importedVersion" INTEGER;

-- CreateTable
CREATE TABLE "ImportedAnnotator" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "externalName" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "linkedAt" DATETIME,
    "linkedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ImportedAnnotator_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ImportedAnnotator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "oidcSubject" TEXT,
    "isOwner" BOOLEAN NOT NULL DEFAULT false,
    "disabledAt" DATETIME,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "isPlaceholder" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("createdAt", "disabledAt", "email", "id", "isOwner", "name", "oidcSubject", "passwordHash", "sessionVersion", "updatedAt") SELECT "createdAt", "disabledAt", "email", "id", "isOwner", "name", "oidcSubject", "passwordHash", "sessionVersion", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_oidcSubject_key" ON "User"("oidcSubject");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ImportedAnnotator_userId_idx" ON "ImportedAnnotator"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ImportedAnnotator_projectId_source_externalName_key" ON "ImportedAnnotator"("projectId", "source", "externalName");

