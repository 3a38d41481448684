import { NextResponse } from "next/server";
import { modelRunJson } from "@/lib/api/v1-model-run-json";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { readJsonBody } from "@/lib/http/json-body";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";
import { listModelRuns } from "@/lib/models/runs/list-model-runs";
import { modelRunProgress } from "@/lib/models/runs/run-progress";
import { startModelRun, StartRunSchema } from "@/lib/models/runs/start-model-run";

// GET ?after=<runId>: the project's model runs, newest first, 50 a page (reviewer role).
export const GET = apiV1Route("reviewer", async ({ request, access }) => {
  const after = request.nextUrl.searchParams.get("after") ?? undefined;
  const { runs, nextAfter } = await listModelRuns(db(), access.projectId, after);
  const full = await db().modelRun.findMany({ where: { id: { in: runs.map((r) => r.id) }, projectId: access.projectId } });
  const byId = new Map(full.map((r) => [r.id, r]));
  return NextResponse.json({ runs: runs.map((r) => modelRunJson(byId.get(r.id)!, r.progress)), nextAfter });
});

// POST {connectionId, templateId, k?, temperature?, maxTokens?, outputName?, scope}: asks for a
// run (admin role); its items are frozen now and a worker sends them. 202 with the run.
export const POST = apiV1Route("admin", async ({ request, access }) => {
  const body = await readJsonBody(request, StartRunSchema);
  const run = await startModelRun(db(), access.projectId, access.actingUserId, body);
  await recordAudit(db(), {
    userId: access.actingUserId, projectId: access.projectId, action: "model_run.start", targetType: "model_run", targetId: run.id,
    details: { connection: run.connectionName, template: `${run.templateId}@v${run.templateVersion}`, total: run.total, k: run.k },
  });
  notifyJobQueued();
  return NextResponse.json({ run: modelRunJson(run, await modelRunProgress(db(), access.projectId, run.id)) }, { status: 202 });
});
