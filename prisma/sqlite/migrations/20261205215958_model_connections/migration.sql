-- CreateTable
CREATE TABLE "ModelConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "apiKeyCipher" TEXT,
    "apiKeyHint" TEXT,
    "maxConcurrent" INTEGER NOT NULL DEFAULT 4,
    "requestsPerMinute" INTEGER,
    "timeoutSeconds" INTEGER NOT NULL DEFAULT 120,
    "convention" TEXT NOT NULL,
    "minPixels" INTEGER,
    "maxPixels" INTEGER,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lastTestAt" DATETIME,
    "lastTestOk" BOOLEAN,
    "lastTestLatencyMs" INTEGER,
    "lastTestMessage" TEXT,
    CONSTRAINT "ModelConnection_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModelConnection_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelConnection_projectId_name_key" ON "ModelConnection"("projectId", "name");

