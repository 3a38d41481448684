import "server-only";
// How far to trust each MLLM judge: its trace_success verdicts against the verified human
// outcomes, per judge and prompt version, optionally split by benchmark or app, with
// precision, recall, F1 and kappa and their intervals (lib/domain/estimates/judge-metrics.ts).
// The counts are the one judge-vs-human computation (lib/verdicts/judge-human.ts), which the
// dashboard and the API read too: the judge's own value at its current revision, never an
// override's, one verdict per trajectory, judge and prompt version.
// What trusting it would change: the success rate it gives over the episodes it judged, and,
// for GRPO groups, how many stored advantages would flip sign if its verdicts replaced the
// outcomes they were computed from (lib/domain/estimates/advantage-flips.ts). And whether it is
// certified: both TPR and TNR lower bounds at the project's bar (judge-certification.ts).
// Step-level judges (a yes/no verdict on each step) are calibrated the same way against the
// people's step labels (lib/verdicts/step-judge-human.ts), as rows of level "step": the same
// confusion, metrics and certification; no advantage flips, since no outcome rests on a step.
import type { Db } from "@/lib/db";
import { judgeMetrics, type JudgeMetrics } from "@/lib/domain/estimates/judge-metrics";
import { advantageSignFlips, type AdvantageFlips, type FlipRollout } from "@/lib/domain/estimates/advantage-flips";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { certify, type CertificationBar, type Certification } from "@/lib/domain/estimates/judge-certification";
import { confusionOf, judgeHumanCounts, type JudgeHumanCount } from "@/lib/verdicts/judge-human";
import { stepJudgeHumanCounts } from "@/lib/verdicts/step-judge-human";

export const CALIBRATION_SPLITS = ["judge", "benchmark", "app"] as const;
export type CalibrationSplit = (typeof CALIBRATION_SPLITS)[number];

/** What a judge's verdicts are about: a whole trajectory (trace_success) or one step (step_score). */
export type JudgeLevel = "trajectory" | "step";

export type JudgeCalibration = {
  level: JudgeLevel;
  judgeName: string;
  promptVersion: string | null;
  split: string | null; // the benchmark or app, when split by one
  judged: number; // episodes (steps) it gave a verdict on
  judgeRate: number; // share of those it called a success (a correct step)
  metrics: JudgeMetrics; // over those with a verified outcome
  flips: AdvantageFlips | null; // null: none of its episodes is in a GRPO group
  // TPR and TNR with their lower bounds against the project's bar, and labels still needed.
  certification: Certification;
  bar: CertificationBar;
};

type Cell = { level: JudgeLevel; judgeName: string; promptVersion: string | null; split: string | null; splitValue: string | null; counts: JudgeHumanCount[] };

const CHUNK = 500;

/** The judge's values on the grouped trajectories of one cell, for the advantage flips. */
async function groupedVerdicts(db: Db, projectId: string, cell: Cell, runId: string | undefined, splitBy: CalibrationSplit) {
  const splitWhere = splitBy === "judge" ? {} : { [splitBy]: cell.splitValue };
  return db.judgeVerdict.findMany({
    where: {
      projectId, targetType: "trajectory", kind: "mllm", metric: "trace_success", valueBool: { not: null },
      judgeName: cell.judgeName, promptVersion: cell.promptVersion,
      trajectory: { projectId, groupKey: { not: null }, ...(runId ? { runId } : {}), ...splitWhere },
    },
    select: { trajectoryId: true, valueBool: true, trajectory: { select: { groupKey: true } } },
  });
}

async function flipsOf(db: Db, projectId: string, judged: { trajectoryId: string; value: boolean; groupKey: string }[], rewards: ReturnType<typeof ProjectSettingsSchema.parse>["rewards"]): Promise<AdvantageFlips | null> {
  const keys = [...new Set(judged.map((j) => j.groupKey))];
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
  const counts = [
    ...(await judgeHumanCounts(db, projectId, { runId: scope.runId, split })).map((c) => ({ ...c, level: "trajectory" as const })),
    ...(await stepJudgeHumanCounts(db, projectId, { runId: scope.runId, split })).map((c) => ({ ...c, level: "step" as const })),
  ];
  const project = await db.project.findUnique({ where: { id: projectId }, select: { settings: true } });
  const { rewards, judgeCertification: bar } = ProjectSettingsSchema.parse(project?.settings ?? {});

  const cells = new Map<string, Cell>();
  for (const c of counts) {
    const key = JSON.stringify([c.level, c.judgeName, c.promptVersion, c.split]);
    const cell = cells.get(key) ?? { level: c.level, judgeName: c.judgeName, promptVersion: c.promptVersion, split: c.split, splitValue: c.splitValue, counts: [] };
    cell.counts.push(c);
    cells.set(key, cell);
  }
  const result: JudgeCalibration[] = [];
  for (const cell of [...cells.values()].sort((a, b) => (a.level === b.level ? 0 : a.level === "trajectory" ? -1 : 1) || a.judgeName.localeCompare(b.judgeName) || (a.promptVersion ?? "").localeCompare(b.promptVersion ?? "") || (a.split ?? "").localeCompare(b.split ?? ""))) {
    const judged = cell.counts.reduce((sum, c) => sum + c.n, 0);
    const [[truePositive, falsePositive], [falseNegative, trueNegative]] = confusionOf(cell.counts);
    const grouped = cell.level === "trajectory" ? (await groupedVerdicts(db, projectId, cell, scope.runId, split)).map((v) => ({ trajectoryId: v.trajectoryId!, value: v.valueBool!, groupKey: v.trajectory!.groupKey! })) : [];
    result.push({
      level: cell.level,
      judgeName: cell.judgeName,
      promptVersion: cell.promptVersion,
      split: cell.split,
      judged,
      judgeRate: cell.counts.filter((c) => c.judge).reduce((sum, c) => sum + c.n, 0) / judged,
      metrics: judgeMetrics({ truePositive, falsePositive, falseNegative, trueNegative }),
      flips: await flipsOf(db, projectId, grouped, rewards),
      certification: certify({ truePositive, falsePositive, falseNegative, trueNegative }, bar),
      bar,
    });
  }
  return result;
}
