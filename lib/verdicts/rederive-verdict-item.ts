import "server-only";
// The item a verdict belongs to, derived again in the caller's write transaction: its sample,
// its trajectory, or the trajectory of its step (a step verdict's effect and the trajectory's
// flag are stored with the trajectory's derivation).
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import type { WriteTx } from "@/lib/db/write-transaction";

export async function rederiveVerdictItem(w: WriteTx, projectId: string, verdict: { sampleId: string | null; trajectoryId: string | null; stepId: string | null }) {
  if (verdict.sampleId) await rederiveSamples(w.exec, projectId, [verdict.sampleId]);
  let trajectoryId = verdict.trajectoryId;
  if (!trajectoryId && verdict.stepId) trajectoryId = (await w.tx.step.findUnique({ where: { id: verdict.stepId }, select: { trajectoryId: true } }))?.trajectoryId ?? null;
  if (trajectoryId) await rederiveTrajectories(w.exec, projectId, [trajectoryId]);
}
