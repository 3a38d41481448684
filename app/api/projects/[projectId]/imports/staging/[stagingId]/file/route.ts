import { AppError } from "@/lib/errors";
import { projectRoute } from "@/lib/http/project-route";
import { previewFile } from "@/lib/api/import-api";

// GET ?path=: an image of a previewed upload, by content type only PNG/JPEG/WebP.
export const GET = projectRoute<{ projectId: string; stagingId: string }>("admin", async ({ request, access, params }) => {
  const relativePath = request.nextUrl.searchParams.get("path");
  if (!relativePath) throw new AppError("invalid_input", "path is required");
  return previewFile(access.projectId, params.stagingId, relativePath);
});
