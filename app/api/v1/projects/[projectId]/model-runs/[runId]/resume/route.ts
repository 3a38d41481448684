import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";
import { modelRunProgress } from "@/lib/models/runs/run-progress";
import { resumeModelRun } from "@/lib/models/runs/start-model-run";

// POST: queues a new job for a stopped or finished run's pending and failed items (admin role);
// what was answered is not asked again. 409 while it runs or when nothing is left.
export const POST = apiV1Route<{ projectId: string; runId: string }>("admin", async ({ access, params }) => {
  const job = await resumeModelRun(db(), access.projectId, params.runId, access.actingUserId);
  await recordAudit(db(), { userId: access.actingUserId, projectId: access.projectId, action: "model_run.resume", targetType: "model_run", targetId: params.runId, details: { jobId: job.id } });
  notifyJobQueued();
  return NextResponse.json({ progress: await modelRunProgress(db(), access.projectId, params.runId) }, { status: 202 });
});
