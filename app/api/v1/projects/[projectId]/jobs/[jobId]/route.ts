import { NextResponse } from "next/server";
import { apiV1Route } from "@/lib/http/api-v1-route";
import { jobStatus } from "@/lib/api/import-api";

// GET: an import job's status, progress and report.
export const GET = apiV1Route<{ projectId: string; jobId: string }>("admin", async ({ access, params }) => {
  return NextResponse.json({ job: await jobStatus(access.projectId, params.jobId) });
});
