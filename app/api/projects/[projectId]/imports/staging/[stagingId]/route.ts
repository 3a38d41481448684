import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { writeStagedFile } from "@/lib/imports/staging";
import { assertDeclaredSize, declaredLength } from "@/lib/http/request-guards";
import { env } from "@/lib/env";

// PUT ?path=<relative path>: one file of an upload, streamed to disk with a size bound.
export const PUT = projectRoute<{ projectId: string; stagingId: string }>("admin", async ({ request, access, params }) => {
  const relativePath = request.nextUrl.searchParams.get("path");
  if (!relativePath) throw new AppError("invalid_input", "path is required");
  assertDeclaredSize(request, env().VERITY_MAX_UPLOAD_MB * 1048576, relativePath);
  if (!request.body) throw new AppError("invalid_input", "the file is empty");
  const written = await writeStagedFile(access.projectId, params.stagingId, relativePath, request.body, declaredLength(request));
  return NextResponse.json(written, { status: 201 });
});
