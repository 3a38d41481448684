import "server-only";
// The rollouts of GRPO groups with the outcome each counts with in its group's advantages (the
// stored derived outcome, lib/domain/derive-trajectory.ts; null when the advantage policy
// leaves it out), for triage to measure what deciding a verdict would move.
import type { Db } from "@/lib/db";
import { MAX_GROUP_SIZE } from "@/lib/trajectories/group-view";

export type GroupRollout = {
  id: string;
  groupKey: string;
  stepCount: number;
  invalidActionCount: number;
  outcome: boolean | null;
  effectiveAutoOutcome: boolean | null;
};

const CHUNK = 200;

export async function groupRollouts(db: Db, projectId: string, groupKeys: readonly string[]): Promise<Map<string, GroupRollout[]>> {
  const groups = new Map<string, GroupRollout[]>();
  for (let i = 0; i < groupKeys.length; i += CHUNK) {
    const rows = await db.trajectory.findMany({
      where: { projectId, groupKey: { in: groupKeys.slice(i, i + CHUNK) } },
      orderBy: { id: "asc" },
      select: { id: true, groupKey: true, stepCount: true, invalidActionCount: true, outcome: true, effectiveAutoOutcome: true },
    });
    for (const r of rows) {
      const list = groups.get(r.groupKey!) ?? [];
      if (list.length >= MAX_GROUP_SIZE) continue;
      list.push({ ...r, groupKey: r.groupKey! });
      groups.set(r.groupKey!, list);
    }
  }
  return groups;
}
