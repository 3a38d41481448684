import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { createStaging } from "@/lib/imports/staging";

// POST: a new upload area for an import's files (admins).
export const POST = projectRoute<{ projectId: string }>("admin", async ({ access }) => {
  return NextResponse.json({ stagingId: await createStaging(access.projectId) }, { status: 201 });
});
