import "server-only";
// UI trees are untrusted XML from the device: served as text/plain with nosniff and a
// sandbox CSP, so a browser never interprets them. `view` picks the raw dump ("dump") or the
// tree as the agent was shown it ("agent": AndroidLab's compressed text), when stored.
import { db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { mediaStore } from "@/lib/media/media-store";
import { MEDIA_HEADERS } from "@/lib/media/serve";
import { isRowId } from "@/lib/ids/row-id-shape";

export type TreeView = "dump" | "agent";

export async function serveUiTree(projectId: string, stepId: string, view: TreeView = "dump"): Promise<Response> {
  if (!isRowId(stepId)) throw saidError("not_found", "checks.noSuchStep");
  const step = await db().step.findFirst({ where: { id: stepId, trajectory: { projectId } }, select: { uiTreeKey: true, agentTreeKey: true } });
  const key = view === "agent" ? step?.agentTreeKey : step?.uiTreeKey;
  if (!key) throw saidError("not_found", view === "agent" ? "checks.noAgentUiTree" : "checks.noUiTree");
  const bytes = await mediaStore().read(key);
  return new Response(new Uint8Array(bytes), { headers: { ...MEDIA_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
