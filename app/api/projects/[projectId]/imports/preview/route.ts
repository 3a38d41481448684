import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { readJsonBody } from "@/lib/http/json-body";
import { ImportRequestSchema } from "@/lib/imports/import-request";
import { previewImport } from "@/lib/api/import-api";

// POST: what an import would do, without writing anything (admins).
export const POST = projectRoute<{ projectId: string }>("admin", async ({ request, access }) => {
  const body = await readJsonBody(request, ImportRequestSchema);
  return NextResponse.json({ preview: await previewImport(access.projectId, body) });
});
