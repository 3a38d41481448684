// What must hold after every operation of the model-based test:
//  - each item's lifecycle state and pinned final answer are what the model expects (so no
//    draft and no lower role ever changed a final answer), with one revision per pin;
//  - each item's stored derived values equal the reference model's, computed from scratch from
//    the inputs read back and the expected final answers, and are fresh;
//  - list filter counts, the run's success rates, group advantages and the dashboard's counts
//    equal what the reference counts.
import { expect } from "vitest";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { reviewProgress } from "@/lib/dashboard/review-progress";
import { tierCounts } from "@/lib/dashboard/tier-counts";
import { loadRunVerification } from "@/lib/runs/run-verification";
import { listSamples } from "@/lib/samples/list-samples";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { loadGroup } from "@/lib/trajectories/group-view";
import { listTrajectories } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";
import { expectAdvantages, expectSample, expectTrajectory, type Box, type SampleExpected, type TrajectoryExpected, type VerdictIn } from "./reference";
import type { World } from "./world";

const close = (a: number | null, b: number | null, what: string) => {
  if (a === null || b === null) expect(a, what).toBe(b);
  else expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThan(1e-9);
};

async function verdictsOf(w: World, where: { sampleId?: string; trajectoryId?: string }, metric: string): Promise<VerdictIn[]> {
  const rows = await w.db.judgeVerdict.findMany({ where: { projectId: w.projectId, ...where, metric, stepId: null }, include: { overrides: true } });
  return rows.map((v) => ({
    id: v.id,
    kind: v.kind,
    value: v.valueScore ?? v.valueBool,
    at: v.createdAt.getTime(),
    overrides: v.overrides.map((o) => ({ id: o.id, value: o.valueScore ?? o.valueBool, at: o.createdAt.getTime(), status: o.status })),
  }));
}

/** Whether any of the item's verdicts changed under the override in force (the latest accepted
 * one): its value now differs from its value at the revision the override was made on. */
async function changedUnderOverride(w: World, where: { sampleId?: string; trajectoryId?: string }): Promise<boolean> {
  const rows = await w.db.judgeVerdict.findMany({ where: { projectId: w.projectId, ...where }, include: { overrides: true, revisions: true } });
  return rows.some((v) => {
    const inForce = v.overrides
      .filter((o) => o.status === "accepted")
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .at(-1);
    if (!inForce) return false;
    const base = v.revisions.find((r) => r.revision === inForce.verdictRevision);
    return base !== undefined && (base.valueScore ?? base.valueBool) !== (v.valueScore ?? v.valueBool);
  });
}

export async function checkInvariants(w: World): Promise<void> {
  const project = await w.db.project.findUniqueOrThrow({ where: { id: w.projectId } });
  const settings = ProjectSettingsSchema.parse(project.settings);
  const sampleExpected = new Map<string, SampleExpected>();
  const trajectoryExpected = new Map<string, TrajectoryExpected>();

  for (const m of w.samples) {
    const row = await w.db.groundingSample.findUniqueOrThrow({ where: { id: m.id }, include: { finalAnswer: true, predictions: true } });
    const at = `sample ${m.sourceId}`;
    expect(row.status, `${at}: state`).toBe(m.status);
    expect(await w.db.answerRevision.count({ where: { sampleId: m.id } }), `${at}: revisions`).toBe(m.revisions);
    if (m.final === null) expect(row.finalAnswer, `${at}: no final answer`).toBeNull();
    else {
      expect(row.finalAnswer?.decision, `${at}: decision`).toBe(m.final.decision);
      const stored = payloadOf(row.finalAnswer!);
      expect({ ...stored, note: null }, `${at}: final answer`).toEqual({ ...m.final.payload, box: m.final.payload.targetAbsent ? null : m.final.payload.box, note: null });
    }
    const expected = expectSample({
      imported: { absent: row.targetAbsent, box: row.targetAbsent ? null : ([row.boxX1!, row.boxY1!, row.boxX2!, row.boxY2!] as Box) },
      final: m.final ? { decision: m.final.decision, absent: m.final.payload.targetAbsent, box: m.final.payload.box as Box | null, rewrite: m.final.payload.instructionRewrite, score: m.final.payload.qualityScore } : null,
      qualityVerdicts: await verdictsOf(w, { sampleId: m.id }, "quality_score"),
      predictions: row.predictions,
      tiers: settings.tiers,
    });
    sampleExpected.set(m.id, expected);
    expect(row.derivedRevision, `${at}: fresh`).toBe(project.derivationRevision);
    expect(row.effectiveTargetAbsent, `${at}: target absent`).toBe(expected.absent);
    expect(row.effectiveTargetAbsent || row.effectiveBoxX1 === null ? null : [row.effectiveBoxX1, row.effectiveBoxY1, row.effectiveBoxX2, row.effectiveBoxY2], `${at}: target`).toEqual(expected.box);
    expect(row.instructionRewrite, `${at}: rewrite`).toBe(expected.rewrite);
    close(row.judgeScore, expected.judgeScore, `${at}: judge score`);
    close(row.humanScore, expected.humanScore, `${at}: human score`);
    close(row.qualityScore, expected.qualityScore, `${at}: quality score`);
    expect(row.qualityOverrideId, `${at}: deciding override`).toBe(expected.qualityOverrideId);
    expect(row.qualityTier, `${at}: tier`).toBe(expected.tier);
    expect(Object.fromEntries(row.predictions.map((p) => [p.id, p.correctness])), `${at}: correctness`).toEqual(expected.correctness);
    expect([row.predictionsCorrect, row.predictionsTotal], `${at}: hits`).toEqual([expected.hits, row.predictions.length]);
    expect(row.verdictChangedUnderOverride, `${at}: verdict changed under an override`).toBe(await changedUnderOverride(w, { sampleId: m.id }));
  }

  const groups = new Map<string, { id: string; reward: number | null }[]>();
  for (const m of w.trajectories) {
    const row = await w.db.trajectory.findUniqueOrThrow({ where: { id: m.id }, include: { finalAnswer: true } });
    const at = `trajectory ${m.sourceId}`;
    expect(row.status, `${at}: state`).toBe(m.status);
    expect(await w.db.answerRevision.count({ where: { trajectoryId: m.id } }), `${at}: revisions`).toBe(m.revisions);
    if (m.final === null) expect(row.finalAnswer, `${at}: no final answer`).toBeNull();
    else {
      expect(row.finalAnswer?.decision, `${at}: decision`).toBe(m.final.decision);
      const stored = trajectoryPayloadOf(row.finalAnswer!);
      const norm = (p: typeof stored) => ({ ...p, note: null, steps: [...p.steps].sort((a, b) => a.stepIndex - b.stepIndex).map((s) => ({ stepIndex: s.stepIndex, label: s.label })) });
      expect(norm(stored), `${at}: final answer`).toEqual(norm(m.final.payload));
    }
    const labels = m.final ? Array.from({ length: m.stepCount }, (_, i) => m.final!.payload.steps.find((s) => s.stepIndex === i)?.label ?? "unsure") : [];
    const expected = expectTrajectory({
      stepCount: row.stepCount,
      claimed: row.agentClaimedFinish,
      invalid: row.invalidActionCount,
      sourceOutcome: row.sourceOutcome,
      final: m.final ? { decision: m.final.decision, verdict: m.final.payload.traceVerdict!, labels, firstWrong: m.final.payload.firstWrongStep } : null,
      traceVerdicts: await verdictsOf(w, { trajectoryId: m.id }, "trace_success"),
      rewards: settings.rewards,
    });
    trajectoryExpected.set(m.id, expected);
    expect(row.derivedRevision, `${at}: fresh`).toBe(project.derivationRevision);
    expect([row.autoOutcome, row.effectiveAutoOutcome, row.humanVerdict], `${at}: outcomes`).toEqual([expected.auto, expected.effectiveAuto, expected.human]);
    expect(row.mismatchFlags.split(",").filter(Boolean), `${at}: flags`).toEqual(expected.flags);
    expect([row.stepsCorrect, row.stepsIncorrect], `${at}: step counts`).toEqual([expected.stepsCorrect, expected.stepsIncorrect]);
    expect(row.outcome, `${at}: counted outcome`).toBe(expected.outcome);
    expect(row.verdictChangedUnderOverride, `${at}: verdict changed under an override`).toBe(await changedUnderOverride(w, { trajectoryId: m.id }));
    close(row.reward, expected.reward, `${at}: reward`);
    const key = row.groupKey ?? `alone:${row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), { id: row.id, reward: expected.reward }]);
  }
  for (const [key, members] of groups) {
    const advantages = expectAdvantages(members.map((m) => m.reward));
    for (const [i, member] of members.entries()) {
      const row = await w.db.trajectory.findUniqueOrThrow({ where: { id: member.id } });
      close(row.advantage, advantages[i]!, `advantage of ${member.id} in ${key}`);
      expect(row.groupSize, `group size of ${member.id}`).toBe(advantages[i] === null ? null : members.filter((m) => m.reward !== null).length);
    }
    if (!key.startsWith("alone:")) {
      const group = await loadGroup(w.db, w.projectId, key);
      for (const r of group.rollouts) close(r.advantage, advantages[members.findIndex((m) => m.id === r.id)]!, `group page advantage of ${r.id}`);
    }
  }

  await checkCounts(w, [...sampleExpected.values()], [...trajectoryExpected.values()]);
}

async function checkCounts(w: World, samples: SampleExpected[], trajectories: TrajectoryExpected[]) {
  const reviewer = { seesHuman: true };
  const sampleTotal = async (filter: object) => (await listSamples(w.db, w.projectId, SampleFilterSchema.parse(filter), reviewer)).total;
  for (const tier of ["gold", "rewrite", "discard"] as const) expect(await sampleTotal({ tier }), `samples of tier ${tier}`).toBe(samples.filter((s) => s.tier === tier).length);
  expect(await sampleTotal({ tier: "unscored" }), "unscored samples").toBe(samples.filter((s) => s.tier === null).length);
  expect(await sampleTotal({ status: "verified" }), "verified samples").toBe(w.samples.filter((s) => s.status === "verified").length);
  expect(await sampleTotal({ status: "settled" }), "settled samples").toBe(w.samples.filter((s) => s.status === "verified" || s.status === "rejected").length);
  expect(await sampleTotal({ correctness: "wrong" }), "samples with a wrong prediction").toBe(samples.filter((s) => Object.values(s.correctness).includes("wrong")).length);
  expect(await sampleTotal({ refusal: "yes" }), "refusal samples").toBe(samples.filter((s) => s.absent).length);

  const trajectoryTotal = async (filter: object) => (await listTrajectories(w.db, w.projectId, TrajectoryFilterSchema.parse(filter), reviewer)).total;
  for (const flag of ["steps_ok_trace_failed", "trace_ok_with_bad_steps", "auto_vs_human", "rule_vs_judge", "claimed_finish_failed"]) {
    expect(await trajectoryTotal({ flag }), `trajectories flagged ${flag}`).toBe(trajectories.filter((t) => t.flags.includes(flag)).length);
  }
  expect(await trajectoryTotal({ outcome: "success" }), "automatic successes").toBe(trajectories.filter((t) => t.auto === true).length);
  expect(await trajectoryTotal({ outcome: "unknown" }), "unknown automatic outcomes").toBe(trajectories.filter((t) => t.auto === null).length);
  expect(await trajectoryTotal({ verdict: "failure" }), "verified failures").toBe(trajectories.filter((t) => t.human === "failure").length);

  const run = await w.db.evaluationRun.findFirstOrThrow({ where: { projectId: w.projectId } });
  const v = (await loadRunVerification(w.db, w.projectId, run.id))!;
  const autos = trajectories.filter((t) => t.auto !== null);
  expect([v.automatic.successes, v.automatic.n], "run: automatic rate").toEqual([autos.filter((t) => t.auto).length, autos.length]);
  const decided = trajectories.filter((t) => t.human === "success" || t.human === "failure");
  expect([v.corrected.successes, v.corrected.n], "run: corrected rate").toEqual([decided.filter((t) => t.human === "success").length, decided.length]);
  expect(v.changed.length, "run: changed episodes").toBe(trajectories.filter((t) => t.flags.includes("auto_vs_human")).length);

  expect(await tierCounts(w.db, w.projectId), "dashboard tiers").toEqual({
    gold: samples.filter((s) => s.tier === "gold").length,
    rewrite: samples.filter((s) => s.tier === "rewrite").length,
    discard: samples.filter((s) => s.tier === "discard").length,
    unscored: samples.filter((s) => s.tier === null).length,
  });
  const progress = await reviewProgress(w.db, w.projectId);
  for (const state of ["unreviewed", "in_review", "awaiting_adjudication", "verified", "rejected", "reopened", "source_changed"] as const) {
    expect(progress.samples.counts[state], `dashboard: samples ${state}`).toBe(w.samples.filter((s) => s.status === state).length);
    expect(progress.trajectories.counts[state], `dashboard: trajectories ${state}`).toBe(w.trajectories.filter((t) => t.status === state).length);
  }
}
