import "server-only";
// Serving media: by id only (never by path), to members of the media's project, with the
// stored type, nosniff and a sandbox CSP so that nothing served can run as a page.
import { authorizeProject, type CurrentUser } from "@/lib/auth/session-user";
import { db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { saidError } from "@/lib/errors/said-error";
import { mediaStore } from "@/lib/media/media-store";
import { thumbnailBytes } from "@/lib/media/thumbnail";
import { isRowId } from "@/lib/ids/row-id-shape";
import { SANDBOX_POLICY } from "@/lib/http/content-security-policy";

export const MEDIA_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // Also what next.config.js sends for these routes: that header is set first and Next.js keeps
  // it, so this one counts where the response is used without the config (tests, other servers).
  "Content-Security-Policy": SANDBOX_POLICY,
  "Cache-Control": "private, max-age=31536000, immutable",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

export async function serveMedia(user: CurrentUser, id: string, variant: string | null): Promise<Response> {
  if (!isRowId(id)) throw saidError("not_found", "checks.noSuchMedia");
  if (variant !== null && variant !== "thumb") throw saidError("invalid_input", "checks.mediaVariant");
  // Raw: a review screen asks for a dozen screenshots and thumbnails at once, and Prisma compiles
  // each call's query again (issue 38).
  const [media] = await execFor(db()).all<{ projectId: string; sha256: string; mime: string; storageKey: string }>(
    `SELECT "projectId", "sha256", "mime", "storageKey" FROM "Media" WHERE "id" = ?`,
    [id],
  );
  if (!media) throw saidError("not_found", "checks.noSuchMedia");
  await authorizeProject(user, media.projectId, "annotator");

  const store = mediaStore();
  if (variant === "thumb") {
    const bytes = await thumbnailBytes(store, media);
    return new Response(new Uint8Array(bytes), { headers: { ...MEDIA_HEADERS, "Content-Type": "image/webp" } });
  }
  const bytes = await store.read(media.storageKey);
  return new Response(new Uint8Array(bytes), {
    headers: { ...MEDIA_HEADERS, "Content-Type": media.mime, "Content-Length": String(bytes.length), ETag: `"${media.sha256}"` },
  });
}
