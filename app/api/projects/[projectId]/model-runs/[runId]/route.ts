import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { projectRoute } from "@/lib/http/project-route";
import { modelRunProgress } from "@/lib/models/runs/run-progress";

// GET: a model run's progress, polled by its page while the run is queued or running
// (reviewers may watch a run; the jobs route is for admins, whose jobs are imports and exports).
export const GET = projectRoute<{ projectId: string; runId: string }>("reviewer", async ({ access, params }) => {
  return NextResponse.json({ progress: await modelRunProgress(db(), access.projectId, params.runId) }, { headers: { "cache-control": "no-store" } });
});
