import "server-only";
// The rollouts of GRPO groups with the outcome each counts with (lib/domain/rollout-outcome.ts):
// what the group view shows and what triage flips to measure a decision's impact.
import type { Db } from "@/lib/db";
import { rolloutSuccess } from "@/lib/domain/rollout-outcome";
import { traceVerdictsOf } from "@/lib/verdicts/trace-verdicts";

export type GroupRollout = {
  id: string;
  groupKey: string;
  stepCount: number;
  invalidActionCount: number;
  status: string;
  humanVerdict: string | null;
  autoOutcome: boolean | null;
  // The effective automatic outcome (rule, else judge, after overrides), else the imported one.
  automatic: boolean | null;
  success: boolean;
};

const CHUNK = 200;
// A group is the G rollouts of one task; the group view shows at most this many.
export const MAX_GROUP_SIZE = 256;

export async function groupRollouts(db: Db, projectId: string, groupKeys: readonly string[]): Promise<Map<string, GroupRollout[]>> {
  const groups = new Map<string, GroupRollout[]>();
  for (let i = 0; i < groupKeys.length; i += CHUNK) {
    const rows = await db.trajectory.findMany({
      where: { projectId, groupKey: { in: groupKeys.slice(i, i + CHUNK) } },
      orderBy: { id: "asc" },
      select: { id: true, groupKey: true, stepCount: true, invalidActionCount: true, status: true, humanVerdict: true, autoOutcome: true },
    });
    const verdicts = await traceVerdictsOf(db, projectId, rows.map((r) => r.id));
    for (const r of rows) {
      const v = verdicts.get(r.id);
      const effective = { rule: v?.rule?.effective ?? null, judge: v?.judge?.effective ?? null };
      const list = groups.get(r.groupKey!) ?? [];
      if (list.length >= MAX_GROUP_SIZE) continue;
      list.push({
        ...r,
        groupKey: r.groupKey!,
        automatic: effective.rule ?? effective.judge ?? r.autoOutcome,
        success: rolloutSuccess(r, effective),
      });
      groups.set(r.groupKey!, list);
    }
  }
  return groups;
}
