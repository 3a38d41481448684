import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { readJsonBody } from "@/lib/http/json-body";
import { ImportRequestSchema } from "@/lib/imports/import-request";
import { startImport } from "@/lib/api/import-api";

// POST: start an import job (admins).
export const POST = projectRoute<{ projectId: string }>("admin", async ({ request, access }) => {
  const body = await readJsonBody(request, ImportRequestSchema);
  const job = await startImport(access.projectId, access.user.id, body);
  return NextResponse.json({ jobId: job.id }, { status: 202 });
});
