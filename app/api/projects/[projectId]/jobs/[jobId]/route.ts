import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { jobStatus } from "@/lib/api/import-api";

// GET: a job's status, progress and report (admins: jobs are imports and exports).
export const GET = projectRoute<{ projectId: string; jobId: string }>("admin", async ({ access, params }) => {
  return NextResponse.json({ job: await jobStatus(access.projectId, params.jobId) });
});
