import "server-only";
// Items on which a machine verdict changed under a reviewer's override (a re-import or a re-run
// revised its value; the override stays in force). Triage lists them first: each waits for a
// reviewer to confirm or withdraw the override on the item's review screen. Read from the
// stored flag the derivation writes (lib/domain/effective-verdict.ts), never recomputed here.
import type { Db } from "@/lib/db";

export const SHOWN_VERDICT_CHANGES = 100;

export type VerdictChangeItem = { itemType: "sample" | "trajectory"; id: string; title: string };

export async function itemsWithVerdictChanges(db: Db, projectId: string): Promise<{ items: VerdictChangeItem[]; total: number }> {
  const where = { projectId, verdictChangedUnderOverride: true };
  const [samples, trajectories, sampleCount, trajectoryCount] = await Promise.all([
    db.groundingSample.findMany({ where, orderBy: { id: "asc" }, take: SHOWN_VERDICT_CHANGES, select: { id: true, instruction: true } }),
    db.trajectory.findMany({ where, orderBy: { id: "asc" }, take: SHOWN_VERDICT_CHANGES, select: { id: true, goal: true } }),
    db.groundingSample.count({ where }),
    db.trajectory.count({ where }),
  ]);
  const items: VerdictChangeItem[] = [
    ...trajectories.map((t) => ({ itemType: "trajectory" as const, id: t.id, title: t.goal })),
    ...samples.map((s) => ({ itemType: "sample" as const, id: s.id, title: s.instruction })),
  ].slice(0, SHOWN_VERDICT_CHANGES);
  return { items, total: sampleCount + trajectoryCount };
}
