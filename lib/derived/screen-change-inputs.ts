import "server-only";
// The stored screen comparisons (Step.nextScreenUnchanged, written at import by
// lib/imports/write/screen-changes.ts) of a chunk of trajectories, per step index, read in the
// derivation's transaction: deriveTrajectory turns them into noVisibleEffectSteps and the
// no_visible_effect flag.
import { toBool, toNumber } from "@/lib/db/dialect";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";

type Row = { trajectoryId: string; index: unknown; nextScreenUnchanged: unknown };

export async function screenChangesOf(exec: SqlExec, trajectoryIds: readonly string[]): Promise<Map<string, (boolean | null)[]>> {
  const byTrajectory = new Map<string, (boolean | null)[]>();
  for (const ids of chunks([...trajectoryIds], 500)) {
    for (const r of await exec.all<Row>(
      `SELECT "trajectoryId", "index", "nextScreenUnchanged" FROM "Step" WHERE "trajectoryId" IN (${inList(ids.length)}) AND "nextScreenUnchanged" IS NOT NULL`,
      ids,
    )) {
      const list = byTrajectory.get(r.trajectoryId) ?? [];
      list[toNumber(r.index)] = toBool(r.nextScreenUnchanged);
      byTrajectory.set(r.trajectoryId, list);
    }
  }
  // Holes (steps not compared) read as null, as deriveTrajectory expects.
  for (const [id, list] of byTrajectory) byTrajectory.set(id, Array.from(list, (v) => v ?? null));
  return byTrajectory;
}
