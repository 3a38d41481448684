import "server-only";
// UI trees are untrusted XML from the device: served as text/plain with nosniff and a
// sandbox CSP, so a browser never interprets them.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { mediaStore } from "@/lib/media/media-store";
import { MEDIA_HEADERS } from "@/lib/media/serve";

export async function serveUiTree(projectId: string, stepId: string): Promise<Response> {
  if (!/^[a-z0-9]{10,40}$/.test(stepId)) throw new AppError("not_found", "No such step.");
  const step = await db().step.findFirst({ where: { id: stepId, trajectory: { projectId } }, select: { uiTreeKey: true } });
  if (!step?.uiTreeKey) throw new AppError("not_found", "This step has no UI tree.");
  const bytes = await mediaStore().read(step.uiTreeKey);
  return new Response(new Uint8Array(bytes), { headers: { ...MEDIA_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
