import "server-only";
// How far to trust each MLLM judge: its boolean trace_success verdicts against the verified
// human outcomes (the stored humanVerdict of verified trajectories), per judge and prompt
// version, optionally split by benchmark or app, with precision, recall, F1 and kappa and their
// intervals (lib/domain/estimates/judge-metrics.ts). The judge's value is the one it gave,
// not an override's: an override is a person agreeing with the human outcome, and would make
// the judge look better than it is. One verdict per trajectory and judge (its latest).
// What trusting it would change: the success rate it gives over the episodes it judged, and,
// for GRPO groups, how many stored advantages would flip sign if its verdicts replaced the
// outcomes they were computed from (lib/domain/estimates/advantage-flips.ts).
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { judgeMetrics, type JudgeMetrics } from "@/lib/domain/estimates/judge-metrics";
import { advantageSignFlips, type AdvantageFlips, type FlipRollout } from "@/lib/domain/estimates/advantage-flips";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { humanOutcomeOf } from "@/lib/runs/sampling/human-outcome";

export const CALIBRATION_SPLITS = ["judge", "benchmark", "app"] as const;
export type CalibrationSplit = (typeof CALIBRATION_SPLITS)[number];

export type JudgeCalibration = {
  judgeName: string;
  promptVersion: string | null;
  split: string | null; // the benchmark or app, when split by one
  judged: number; // episodes it gave a verdict on
  judgeRate: number; // share of those it called a success
  metrics: JudgeMetrics; // over those with a verified outcome
  flips: AdvantageFlips | null; // null: none of its episodes is in a GRPO group
};

type Judged = { trajectoryId: string; value: boolean; human: boolean | null; benchmark: string | null; app: string | null; groupKey: string | null };

const CHUNK = 500;

async function latestVerdicts(db: Db, where: Prisma.JudgeVerdictWhereInput) {
  const rows = await db.judgeVerdict.findMany({
    where: { ...where, targetType: "trajectory", kind: "mllm", metric: "trace_success", valueBool: { not: null } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { trajectoryId: true, judgeName: true, promptVersion: true, valueBool: true, trajectory: { select: { status: true, humanVerdict: true, benchmark: true, app: true, groupKey: true } } },
  });
  const latest = new Map<string, { judgeName: string; promptVersion: string | null } & Judged>();
  for (const r of rows) {
    const t = r.trajectory!;
    latest.set(JSON.stringify([r.trajectoryId, r.judgeName, r.promptVersion]), {
      judgeName: r.judgeName, promptVersion: r.promptVersion, trajectoryId: r.trajectoryId!, value: r.valueBool!, human: humanOutcomeOf(t), benchmark: t.benchmark, app: t.app, groupKey: t.groupKey,
    });
  }
  return [...latest.values()];
}

async function flipsOf(db: Db, projectId: string, judged: readonly Judged[], rewards: ReturnType<typeof ProjectSettingsSchema.parse>["rewards"]): Promise<AdvantageFlips | null> {
  const keys = [...new Set(judged.flatMap((j) => (j.groupKey ? [j.groupKey] : [])))];
  if (keys.length === 0) return null;
  const verdictOf = new Map(judged.map((j) => [j.trajectoryId, j.value]));
  const groups = new Map<string, FlipRollout[]>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db.trajectory.findMany({
      where: { projectId, groupKey: { in: keys.slice(i, i + CHUNK) } },
      select: { id: true, groupKey: true, stepCount: true, invalidActionCount: true, outcome: true, advantage: true },
    });
    for (const r of rows) {
      const list = groups.get(r.groupKey!) ?? [];
      list.push({ id: r.id, steps: r.stepCount, invalidActions: r.invalidActionCount, storedAdvantage: r.advantage, storedOutcome: r.outcome, judged: verdictOf.get(r.id) ?? null });
      groups.set(r.groupKey!, list);
    }
  }
  return advantageSignFlips([...groups.values()], rewards);
}

export async function judgeCalibration(db: Db, projectId: string, scope: { runId?: string; split?: CalibrationSplit } = {}): Promise<JudgeCalibration[]> {
  const split = scope.split ?? "judge";
  const verdicts = await latestVerdicts(db, { projectId, trajectory: { projectId, ...(scope.runId ? { runId: scope.runId } : {}) } });
  const project = await db.project.findUnique({ where: { id: projectId }, select: { settings: true } });
  const { rewards } = ProjectSettingsSchema.parse(project?.settings ?? {});

  const cells = new Map<string, { judgeName: string; promptVersion: string | null; split: string | null; judged: Judged[] }>();
  for (const v of verdicts) {
    const part = split === "benchmark" ? v.benchmark ?? "unknown benchmark" : split === "app" ? v.app ?? "unknown app" : null;
    const key = JSON.stringify([v.judgeName, v.promptVersion, part]);
    const cell = cells.get(key) ?? { judgeName: v.judgeName, promptVersion: v.promptVersion, split: part, judged: [] };
    cell.judged.push(v);
    cells.set(key, cell);
  }
  const result: JudgeCalibration[] = [];
  for (const cell of [...cells.values()].sort((a, b) => a.judgeName.localeCompare(b.judgeName) || (a.promptVersion ?? "").localeCompare(b.promptVersion ?? "") || (a.split ?? "").localeCompare(b.split ?? ""))) {
    const pairs = cell.judged.filter((j) => j.human !== null);
    const count = (judge: boolean, human: boolean) => pairs.filter((p) => p.value === judge && p.human === human).length;
    result.push({
      judgeName: cell.judgeName,
      promptVersion: cell.promptVersion,
      split: cell.split,
      judged: cell.judged.length,
      judgeRate: cell.judged.filter((j) => j.value).length / cell.judged.length,
      metrics: judgeMetrics({ truePositive: count(true, true), falsePositive: count(true, false), falseNegative: count(false, true), trueNegative: count(false, false) }),
      flips: await flipsOf(db, projectId, cell.judged, rewards),
    });
  }
  return result;
}
