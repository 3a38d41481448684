import { NextResponse } from "next/server";
import { StartExportBodySchema } from "@/lib/api/v1-schemas";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { readJsonBody } from "@/lib/http/json-body";
import { startExportInApp } from "@/lib/pools/start-export-in-app";

// POST {"mode": "full" | "incremental"}: queues an export of the pool. Answers 202 with the job to poll.
export const POST = apiV1Route<{ projectId: string; poolId: string }>("admin", async ({ request, access, params }) => {
  const body = request.headers.get("content-length") === "0" || !request.body ? {} : await readJsonBody(request, StartExportBodySchema);
  const { mode } = StartExportBodySchema.parse(body);
  const job = await startExportInApp({ userId: access.actingUserId, projectId: access.projectId }, { poolId: params.poolId, mode });
  return NextResponse.json({ jobId: job.id, status: `/api/v1/projects/${access.projectId}/jobs/${job.id}` }, { status: 202 });
});
