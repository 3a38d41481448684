import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { loadModelRun } from "@/lib/models/runs/list-model-runs";
import { listRunItems, parseRunItemFilter } from "@/lib/models/runs/list-run-items";

// GET ?status=pending|done|failed&outcome=&after=<ordinal>: a run's items in its order, 50 a
// page, each with its outcome, agreement, error and the replies (reviewer role).
export const GET = apiV1Route<{ projectId: string; runId: string }>("reviewer", async ({ request, access, params }) => {
  const loaded = await loadModelRun(db(), access.projectId, params.runId);
  if (!loaded) throw new AppError("not_found", "No such model run in this project.");
  const filter = parseRunItemFilter(Object.fromEntries(request.nextUrl.searchParams));
  const page = await listRunItems(db(), access.projectId, loaded.run.id, filter);
  return NextResponse.json(page);
});
