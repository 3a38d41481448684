import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { writeStagedFile } from "@/lib/imports/staging";

// PUT ?path=<relative path>: one file of an upload, streamed to disk with a size bound.
export const PUT = projectRoute<{ projectId: string; stagingId: string }>("admin", async ({ request, access, params }) => {
  const relativePath = request.nextUrl.searchParams.get("path");
  if (!relativePath) throw new AppError("invalid_input", "path is required");
  if (!request.body) throw new AppError("invalid_input", "the file is empty");
  const written = await writeStagedFile(access.projectId, params.stagingId, relativePath, request.body);
  return NextResponse.json(written, { status: 201 });
});
