-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "oidcSubject" TEXT,
    "isOwner" BOOLEAN NOT NULL DEFAULT false,
    "disabledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "settings" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "projectId" TEXT,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "details" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Media" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroundingSample" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "mediaId" TEXT,
    "imageRef" TEXT,
    "imageMissing" BOOLEAN NOT NULL DEFAULT false,
    "imageWidth" INTEGER,
    "imageHeight" INTEGER,
    "instruction" TEXT NOT NULL,
    "language" TEXT,
    "platform" TEXT,
    "app" TEXT,
    "uiType" TEXT,
    "sourceDataset" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "targetAbsent" BOOLEAN NOT NULL DEFAULT false,
    "boxX1" DOUBLE PRECISION,
    "boxY1" DOUBLE PRECISION,
    "boxX2" DOUBLE PRECISION,
    "boxY2" DOUBLE PRECISION,
    "polygon" JSONB,
    "extra" JSONB,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "verifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GroundingSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelPrediction" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "sampleId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "x" DOUBLE PRECISION,
    "y" DOUBLE PRECISION,
    "rawOutput" TEXT,
    "sourceCorrectness" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelPrediction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvaluationRun" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "model" TEXT,
    "sourcePath" TEXT,
    "meta" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvaluationRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trajectory" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "runId" TEXT,
    "goal" TEXT NOT NULL,
    "benchmark" TEXT,
    "app" TEXT,
    "model" TEXT,
    "groupKey" TEXT,
    "sourceDataset" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "autoOutcome" BOOLEAN,
    "agentClaimedFinish" BOOLEAN NOT NULL DEFAULT false,
    "invalidActionCount" INTEGER NOT NULL DEFAULT 0,
    "sourceReward" DOUBLE PRECISION,
    "sourceAdvantage" DOUBLE PRECISION,
    "stepCount" INTEGER NOT NULL DEFAULT 0,
    "humanVerdict" TEXT,
    "mismatchFlags" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "extra" JSONB,
    "verifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Trajectory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Step" (
    "id" TEXT NOT NULL,
    "trajectoryId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "mediaId" TEXT,
    "imageRef" TEXT,
    "imageMissing" BOOLEAN NOT NULL DEFAULT false,
    "actionType" TEXT,
    "action" JSONB,
    "isRepeated" BOOLEAN NOT NULL DEFAULT false,
    "rawOutput" TEXT,
    "thought" TEXT,
    "uiTreeKey" TEXT,

    CONSTRAINT "Step_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeVerdict" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "stepId" TEXT,
    "kind" TEXT NOT NULL,
    "judgeName" TEXT NOT NULL,
    "promptVersion" TEXT,
    "metric" TEXT NOT NULL,
    "valueScore" DOUBLE PRECISION,
    "valueBool" BOOLEAN,
    "rationale" TEXT,
    "rawOutput" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeVerdict_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeOverride" (
    "id" TEXT NOT NULL,
    "verdictId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "valueScore" DOUBLE PRECISION,
    "valueBool" BOOLEAN,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'accepted',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeOverride_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'label',
    "itemType" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "version" INTEGER NOT NULL DEFAULT 1,
    "traceVerdict" TEXT,
    "firstWrongStep" INTEGER,
    "stepLabels" JSONB,
    "stepsCorrect" INTEGER,
    "stepsIncorrect" INTEGER,
    "targetAbsent" BOOLEAN,
    "boxX1" DOUBLE PRECISION,
    "boxY1" DOUBLE PRECISION,
    "boxX2" DOUBLE PRECISION,
    "boxY2" DOUBLE PRECISION,
    "instructionRewrite" TEXT,
    "qualityScore" DOUBLE PRECISION,
    "note" TEXT,
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Annotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Queue" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "itemType" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "overlap" INTEGER NOT NULL DEFAULT 1,
    "leaseSeconds" INTEGER NOT NULL DEFAULT 900,
    "honeypotRate" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Queue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueueMember" (
    "queueId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "QueueMember_pkey" PRIMARY KEY ("queueId","userId")
);

-- CreateTable
CREATE TABLE "QueueItem" (
    "id" TEXT NOT NULL,
    "queueId" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "verdictId" TEXT,
    "isHoneypot" BOOLEAN NOT NULL DEFAULT false,
    "priority" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "claimCount" INTEGER NOT NULL DEFAULT 0,
    "submittedCount" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueueItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Claim" (
    "id" TEXT NOT NULL,
    "queueItemId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "leaseUntil" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Claim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Honeypot" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "sampleId" TEXT,
    "trajectoryId" TEXT,
    "expected" JSONB NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Honeypot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pool" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetUri" TEXT NOT NULL,
    "imageMode" TEXT NOT NULL DEFAULT 'copy',
    "settings" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Snapshot" (
    "id" TEXT NOT NULL,
    "poolId" TEXT NOT NULL,
    "jobId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'writing',
    "incremental" BOOLEAN NOT NULL DEFAULT false,
    "filters" JSONB NOT NULL,
    "counts" JSONB,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "manifestSha" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Snapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "projectId" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "params" JSONB NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER,
    "cursor" JSONB,
    "report" JSONB,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_oidcSubject_key" ON "User"("oidcSubject");

-- CreateIndex
CREATE UNIQUE INDEX "Project_slug_key" ON "Project"("slug");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_projectId_userId_key" ON "Membership"("projectId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_projectId_idx" ON "ApiToken"("projectId");

-- CreateIndex
CREATE INDEX "AuditLog_projectId_createdAt_idx" ON "AuditLog"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_targetType_targetId_idx" ON "AuditLog"("targetType", "targetId");

-- CreateIndex
CREATE INDEX "AuditLog_userId_createdAt_idx" ON "AuditLog"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Media_projectId_sha256_key" ON "Media"("projectId", "sha256");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_status_idx" ON "GroundingSample"("projectId", "status");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_sourceDataset_status_idx" ON "GroundingSample"("projectId", "sourceDataset", "status");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_platform_idx" ON "GroundingSample"("projectId", "platform");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_app_idx" ON "GroundingSample"("projectId", "app");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_verifiedAt_idx" ON "GroundingSample"("projectId", "verifiedAt");

-- CreateIndex
CREATE INDEX "GroundingSample_mediaId_idx" ON "GroundingSample"("mediaId");

-- CreateIndex
CREATE INDEX "GroundingSample_projectId_imageRef_idx" ON "GroundingSample"("projectId", "imageRef");

-- CreateIndex
CREATE UNIQUE INDEX "GroundingSample_projectId_sourceDataset_sourceId_key" ON "GroundingSample"("projectId", "sourceDataset", "sourceId");

-- CreateIndex
CREATE INDEX "ModelPrediction_projectId_model_idx" ON "ModelPrediction"("projectId", "model");

-- CreateIndex
CREATE UNIQUE INDEX "ModelPrediction_sampleId_model_key" ON "ModelPrediction"("sampleId", "model");

-- CreateIndex
CREATE UNIQUE INDEX "EvaluationRun_projectId_name_key" ON "EvaluationRun"("projectId", "name");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_status_idx" ON "Trajectory"("projectId", "status");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_benchmark_status_idx" ON "Trajectory"("projectId", "benchmark", "status");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_model_idx" ON "Trajectory"("projectId", "model");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_app_idx" ON "Trajectory"("projectId", "app");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_groupKey_idx" ON "Trajectory"("projectId", "groupKey");

-- CreateIndex
CREATE INDEX "Trajectory_projectId_verifiedAt_idx" ON "Trajectory"("projectId", "verifiedAt");

-- CreateIndex
CREATE INDEX "Trajectory_runId_idx" ON "Trajectory"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "Trajectory_projectId_sourceDataset_sourceId_key" ON "Trajectory"("projectId", "sourceDataset", "sourceId");

-- CreateIndex
CREATE INDEX "Step_mediaId_idx" ON "Step"("mediaId");

-- CreateIndex
CREATE UNIQUE INDEX "Step_trajectoryId_index_key" ON "Step"("trajectoryId", "index");

-- CreateIndex
CREATE INDEX "JudgeVerdict_projectId_kind_judgeName_idx" ON "JudgeVerdict"("projectId", "kind", "judgeName");

-- CreateIndex
CREATE INDEX "JudgeVerdict_sampleId_idx" ON "JudgeVerdict"("sampleId");

-- CreateIndex
CREATE INDEX "JudgeVerdict_trajectoryId_idx" ON "JudgeVerdict"("trajectoryId");

-- CreateIndex
CREATE INDEX "JudgeVerdict_stepId_idx" ON "JudgeVerdict"("stepId");

-- CreateIndex
CREATE INDEX "JudgeOverride_verdictId_createdAt_idx" ON "JudgeOverride"("verdictId", "createdAt");

-- CreateIndex
CREATE INDEX "Annotation_projectId_status_submittedAt_idx" ON "Annotation"("projectId", "status", "submittedAt");

-- CreateIndex
CREATE INDEX "Annotation_annotatorId_submittedAt_idx" ON "Annotation"("annotatorId", "submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_sampleId_annotatorId_kind_key" ON "Annotation"("sampleId", "annotatorId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_trajectoryId_annotatorId_kind_key" ON "Annotation"("trajectoryId", "annotatorId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Queue_projectId_name_key" ON "Queue"("projectId", "name");

-- CreateIndex
CREATE INDEX "QueueMember_userId_idx" ON "QueueMember"("userId");

-- CreateIndex
CREATE INDEX "QueueItem_queueId_status_priority_idx" ON "QueueItem"("queueId", "status", "priority");

-- CreateIndex
CREATE INDEX "QueueItem_sampleId_idx" ON "QueueItem"("sampleId");

-- CreateIndex
CREATE INDEX "QueueItem_trajectoryId_idx" ON "QueueItem"("trajectoryId");

-- CreateIndex
CREATE INDEX "Claim_userId_status_idx" ON "Claim"("userId", "status");

-- CreateIndex
CREATE INDEX "Claim_status_leaseUntil_idx" ON "Claim"("status", "leaseUntil");

-- CreateIndex
CREATE UNIQUE INDEX "Claim_queueItemId_userId_key" ON "Claim"("queueItemId", "userId");

-- CreateIndex
CREATE INDEX "Honeypot_projectId_idx" ON "Honeypot"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "Pool_projectId_name_key" ON "Pool"("projectId", "name");

-- CreateIndex
CREATE INDEX "Snapshot_poolId_createdAt_idx" ON "Snapshot"("poolId", "createdAt");

-- CreateIndex
CREATE INDEX "Job_status_lockedUntil_idx" ON "Job"("status", "lockedUntil");

-- CreateIndex
CREATE INDEX "Job_projectId_createdAt_idx" ON "Job"("projectId", "createdAt");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Media" ADD CONSTRAINT "Media_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroundingSample" ADD CONSTRAINT "GroundingSample_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroundingSample" ADD CONSTRAINT "GroundingSample_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelPrediction" ADD CONSTRAINT "ModelPrediction_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelPrediction" ADD CONSTRAINT "ModelPrediction_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvaluationRun" ADD CONSTRAINT "EvaluationRun_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_runId_fkey" FOREIGN KEY ("runId") REFERENCES "EvaluationRun"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Step" ADD CONSTRAINT "Step_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Step" ADD CONSTRAINT "Step_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeVerdict" ADD CONSTRAINT "JudgeVerdict_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "Step"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeOverride" ADD CONSTRAINT "JudgeOverride_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeOverride" ADD CONSTRAINT "JudgeOverride_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Queue" ADD CONSTRAINT "Queue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueMember" ADD CONSTRAINT "QueueMember_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "Queue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueMember" ADD CONSTRAINT "QueueMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueItem" ADD CONSTRAINT "QueueItem_queueId_fkey" FOREIGN KEY ("queueId") REFERENCES "Queue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueItem" ADD CONSTRAINT "QueueItem_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueItem" ADD CONSTRAINT "QueueItem_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueItem" ADD CONSTRAINT "QueueItem_verdictId_fkey" FOREIGN KEY ("verdictId") REFERENCES "JudgeVerdict"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_queueItemId_fkey" FOREIGN KEY ("queueItemId") REFERENCES "QueueItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Honeypot" ADD CONSTRAINT "Honeypot_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Honeypot" ADD CONSTRAINT "Honeypot_sampleId_fkey" FOREIGN KEY ("sampleId") REFERENCES "GroundingSample"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Honeypot" ADD CONSTRAINT "Honeypot_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pool" ADD CONSTRAINT "Pool_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Snapshot" ADD CONSTRAINT "Snapshot_poolId_fkey" FOREIGN KEY ("poolId") REFERENCES "Pool"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

