import "server-only";
// Where to verify next, from what the models said: the items machines disagree about.
//   samples_disagree    a model run's k samples of the item did not all agree (agreement < 1);
//   judges_disagree     two MLLM judges (or two prompt versions of one) gave the trajectory
//                       opposite trace verdicts, each its own current value;
//   judge_vs_rule       an MLLM judge and the rule verifier disagree (as in triage);
//   outside_verified    a model's point misses the box a reviewer verified (a verified sample
//                       whose prediction is wrong): the model, the sample or the box is off.
// Ranked by the triage impact that exists (lib/domain/triage-impact.ts): for a trajectory what
// flipping its outcome would move in its GRPO group, for a sample the tier gap and nearness of
// its quality score; then by how many reasons hold and how split the samples were. Reads the
// stored values only (verdicts' own values, predictions' derived correctness, run items).
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { lookupInChunks } from "@/lib/db/key-lookup";
import { sampleCandidates } from "@/lib/triage/sample-candidates";
import { trajectoryCandidates } from "@/lib/triage/trajectory-candidates";

export const DISAGREEMENT_REASONS = ["samples_disagree", "judges_disagree", "judge_vs_rule", "outside_verified"] as const;
export type DisagreementReason = (typeof DISAGREEMENT_REASONS)[number];

export type Disagreement = {
  itemType: "sample" | "trajectory";
  id: string;
  title: string;
  reasons: DisagreementReason[];
  impact: number; // the triage impact (0 when triage has none for the item)
  agreement: number | null; // the lowest share of agreeing samples of any run on it
  models: string[]; // the judges or prediction models involved
};

/** Items to verify first, most impact first; at most `limit` of each kind. */
export async function modelDisagreements(db: Db, projectId: string, limit = 500): Promise<{ samples: Disagreement[]; trajectories: Disagreement[] }> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const [samples, trajectories] = await Promise.all([sampleDisagreements(db, projectId, settings), trajectoryDisagreements(db, projectId, settings)]);
  return { samples: samples.slice(0, limit), trajectories: trajectories.slice(0, limit) };
}

type Acc = Map<string, { reasons: Set<DisagreementReason>; agreement: number | null; models: Set<string> }>;
function note(acc: Acc, id: string, reason: DisagreementReason, model?: string, agreement?: number | null) {
  const entry = acc.get(id) ?? { reasons: new Set(), agreement: null, models: new Set() };
  entry.reasons.add(reason);
  if (model) entry.models.add(model);
  if (agreement !== undefined && agreement !== null) entry.agreement = entry.agreement === null ? agreement : Math.min(entry.agreement, agreement);
  acc.set(id, entry);
}

async function splitRunItems(db: Db, projectId: string, column: "sampleId" | "trajectoryId", acc: Acc) {
  const rows = await db.modelRunItem.findMany({
    where: { status: "done", agreement: { lt: 1 }, [column]: { not: null }, run: { projectId } },
    select: { sampleId: true, trajectoryId: true, agreement: true, run: { select: { outputName: true } } },
  });
  for (const r of rows) note(acc, (column === "sampleId" ? r.sampleId : r.trajectoryId)!, "samples_disagree", r.run.outputName, r.agreement);
}

const rank = (a: Disagreement, b: Disagreement) => b.impact - a.impact || b.reasons.length - a.reasons.length || (a.agreement ?? 1) - (b.agreement ?? 1) || a.id.localeCompare(b.id);

async function sampleDisagreements(db: Db, projectId: string, settings: ReturnType<typeof ProjectSettingsSchema.parse>): Promise<Disagreement[]> {
  const acc: Acc = new Map();
  await splitRunItems(db, projectId, "sampleId", acc);
  const misses = await db.modelPrediction.findMany({
    where: { projectId, kind: "point", correctness: "wrong", sample: { status: "verified", effectiveTargetAbsent: false } },
    select: { sampleId: true, model: true },
  });
  for (const m of misses) note(acc, m.sampleId, "outside_verified", m.model);
  const ids = [...acc.keys()];
  if (ids.length === 0) return [];
  const [titles, impacts] = await Promise.all([
    lookupInChunks(ids, (chunk) => db.groundingSample.findMany({ where: { projectId, id: { in: chunk } }, select: { id: true, instruction: true } })),
    lookupInChunks(ids, (chunk) => sampleCandidates(db, projectId, settings.tiers, settings.triageMargin, chunk)),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t.instruction]));
  const impactOf = new Map(impacts.map((c) => [c.sampleId, c.impact]));
  return ids
    .filter((id) => titleOf.has(id))
    .map((id) => {
      const e = acc.get(id)!;
      return { itemType: "sample" as const, id, title: titleOf.get(id)!, reasons: [...e.reasons], impact: impactOf.get(id) ?? 0, agreement: e.agreement, models: [...e.models].sort() };
    })
    .sort(rank);
}

async function trajectoryDisagreements(db: Db, projectId: string, settings: ReturnType<typeof ProjectSettingsSchema.parse>): Promise<Disagreement[]> {
  const acc: Acc = new Map();
  await splitRunItems(db, projectId, "trajectoryId", acc);
  const verdicts = await db.judgeVerdict.findMany({
    where: { projectId, targetType: "trajectory", metric: "trace_success", valueBool: { not: null }, kind: { in: ["mllm", "rule"] } },
    select: { trajectoryId: true, kind: true, judgeName: true, promptVersion: true, valueBool: true },
  });
  const byTrajectory = new Map<string, typeof verdicts>();
  for (const v of verdicts) byTrajectory.set(v.trajectoryId!, [...(byTrajectory.get(v.trajectoryId!) ?? []), v]);
  for (const [id, list] of byTrajectory) {
    const judges = list.filter((v) => v.kind === "mllm");
    const rules = list.filter((v) => v.kind === "rule");
    const name = (v: (typeof list)[number]) => (v.promptVersion ? `${v.judgeName} (${v.promptVersion})` : v.judgeName);
    if (new Set(judges.map((v) => v.valueBool)).size > 1) for (const v of judges) note(acc, id, "judges_disagree", name(v));
    if (rules.length && judges.some((j) => rules.some((r) => r.valueBool !== j.valueBool))) for (const v of judges) note(acc, id, "judge_vs_rule", name(v));
  }
  const ids = [...acc.keys()];
  if (ids.length === 0) return [];
  const [titles, impacts] = await Promise.all([
    lookupInChunks(ids, (chunk) => db.trajectory.findMany({ where: { projectId, id: { in: chunk } }, select: { id: true, goal: true } })),
    lookupInChunks(ids, (chunk) => trajectoryCandidates(db, projectId, settings.rewards, chunk)),
  ]);
  const titleOf = new Map(titles.map((t) => [t.id, t.goal]));
  const impactOf = new Map(impacts.map((c) => [c.trajectoryId, c.impact]));
  return ids
    .filter((id) => titleOf.has(id))
    .map((id) => {
      const e = acc.get(id)!;
      return { itemType: "trajectory" as const, id, title: titleOf.get(id)!, reasons: [...e.reasons], impact: impactOf.get(id) ?? 0, agreement: e.agreement, models: [...e.models].sort() };
    })
    .sort(rank);
}
