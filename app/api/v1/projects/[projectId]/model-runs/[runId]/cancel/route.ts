import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { modelRunProgress } from "@/lib/models/runs/run-progress";
import { cancelModelRun } from "@/lib/models/runs/start-model-run";

// POST: stops a queued or running run (admin role); requests in flight are aborted, the items
// not yet answered stay pending for a resume. 409 when it is not queued or running.
export const POST = apiV1Route<{ projectId: string; runId: string }>("admin", async ({ access, params }) => {
  await cancelModelRun(db(), access.projectId, params.runId);
  await recordAudit(db(), { userId: access.actingUserId, projectId: access.projectId, action: "model_run.cancel", targetType: "model_run", targetId: params.runId });
  return NextResponse.json({ progress: await modelRunProgress(db(), access.projectId, params.runId) });
});
