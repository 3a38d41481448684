import { NextResponse } from "next/server";
import { modelRunJson } from "@/lib/api/v1-model-run-json";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { loadModelRun } from "@/lib/models/runs/list-model-runs";

// GET: one run with the exact template it sent and where it stands (reviewer role).
export const GET = apiV1Route<{ projectId: string; runId: string }>("reviewer", async ({ access, params }) => {
  const loaded = await loadModelRun(db(), access.projectId, params.runId);
  if (!loaded) throw new AppError("not_found", "No such model run in this project.");
  return NextResponse.json({ run: modelRunJson(loaded.run, loaded.progress, { template: loaded.run.template }) });
});
