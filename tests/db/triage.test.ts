// Judge triage on both providers: candidates from effective verdicts ranked by hand-computed
// impact, a triage queue made from them, and decisions (override, accept against a human,
// accept against the rule verifier) that resolve items, write overrides and audit, and move
// the GRPO group's advantages; two reviewers deciding one item at once: exactly one wins.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import type { ProjectAccess } from "@/lib/auth/session";
import type { Db } from "@/lib/db";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createTriageQueue } from "@/lib/triage/create-triage-queue";
import { decideTriageItem } from "@/lib/triage/decide-triage-item";
import { listTriageCandidates } from "@/lib/triage/triage-candidates";
import { loadTriageItem } from "@/lib/triage/triage-item-view";
import { loadGroup } from "@/lib/trajectories/group-view";
import { grounding, pinSample, pinTrajectory, rederiveStale, trajectoryAnswer } from "./derived-support";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

// Unverified rollouts count with their automatic outcome, so a group's advantages move with
// the judges' verdicts before anyone verified it.
const SETTINGS = { rewards: { eta: 0.9, invalidActionPenalty: -0.1, advantagePolicy: "automatic_fallback" }, tiers: { goldMin: 7, rewriteMin: 4 }, triageMargin: 0.5 };

async function seed(db: Db) {
  const [rev, rev2, ann] = await Promise.all(["rev", "rev2", "ann"].map((n) => db.user.create({ data: { email: `${n}@x.test`, name: n.toUpperCase() } })));
  const project = await db.project.create({ data: { slug: "p", name: "P", settings: SETTINGS } });
  const other = await db.project.create({ data: { slug: "o", name: "O", settings: SETTINGS } });
  const projectId = project.id;
  await db.membership.createMany({
    data: [
      { projectId, userId: rev!.id, role: "reviewer" },
      { projectId, userId: rev2!.id, role: "admin" },
      { projectId, userId: ann!.id, role: "annotator" },
    ],
  });
  const access = (u: { id: string; email: string; name: string }, role: ProjectAccess["role"] = "reviewer", pid = projectId): ProjectAccess => ({
    user: { id: u.id, email: u.email, name: u.name, isOwner: false }, projectId: pid, role,
  });

  const traj = async (pid: string, sourceId: string, o: { group?: string; steps: number; human?: "success" | "failure"; rule?: boolean; judge?: boolean; judgeOverride?: boolean }) => {
    const t = await db.trajectory.create({
      data: { projectId: pid, goal: `goal ${sourceId}`, sourceDataset: "s", sourceId, contentHash: sourceId, groupKey: o.group ?? null, stepCount: o.steps },
    });
    if (o.rule !== undefined) await recordVerdict(db, { projectId: pid, trajectoryId: t.id, kind: "rule", judgeName: "checker", metric: "trace_success", valueBool: o.rule });
    if (o.judge !== undefined) {
      const v = await recordVerdict(db, { projectId: pid, trajectoryId: t.id, kind: "mllm", judgeName: "judge-72b", metric: "trace_success", valueBool: o.judge, rationale: "looks done" });
      if (o.judgeOverride !== undefined) await db.judgeOverride.create({ data: { verdictId: v.id, userId: rev!.id, valueBool: o.judgeOverride, reason: "earlier look" } });
    }
    await rederiveStale(db, pid);
    if (o.human) await pinTrajectory(db, pid, t.id, trajectoryAnswer(o.human), { decidedById: rev!.id });
    return t;
  };
  // Group g: (F, S, F, F) with equal lengths; T1 was verified failure although its judge says
  // success: flipping it would give (S, S, F, F).
  const t1 = await traj(projectId, "t1", { group: "g", steps: 3, human: "failure", judge: true });
  const t2 = await traj(projectId, "t2", { group: "g", steps: 3, human: "success", judge: true });
  const t3 = await traj(projectId, "t3", { group: "g", steps: 3, rule: false, judge: false });
  await traj(projectId, "t4", { group: "g", steps: 3, rule: false, judge: false });
  const t5 = await traj(projectId, "t5", { steps: 3, rule: false, judge: true }); // rule vs judge, counts as failure
  const t6 = await traj(projectId, "t6", { steps: 2, human: "success", judge: false });
  await traj(projectId, "t7", { steps: 2, human: "success", rule: true, judge: true });
  await traj(projectId, "t8", { steps: 2, human: "success", judge: false, judgeOverride: true }); // settled by an override
  const t9 = await traj(projectId, "t9", { steps: 1, rule: true, judge: true, judgeOverride: false }); // now rule vs judge
  await traj(other.id, "x1", { steps: 1, rule: true, judge: false });

  // The human score is the final answer's: an annotator's label in review is not one.
  const sample = async (pid: string, sourceId: string, judge: number, o: { override?: number; final?: number; label?: number } = {}) => {
    const s = await db.groundingSample.create({ data: { projectId: pid, instruction: `tap ${sourceId}`, sourceDataset: "s", sourceId, contentHash: sourceId } });
    const v = await recordVerdict(db, { projectId: pid, sampleId: s.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: judge });
    if (o.override !== undefined) await db.judgeOverride.create({ data: { verdictId: v.id, userId: rev!.id, valueScore: o.override, reason: "earlier look" } });
    if (o.label !== undefined) {
      await db.annotation.create({ data: { projectId: pid, annotatorId: ann!.id, itemType: "sample", sampleId: s.id, status: "submitted", qualityScore: o.label, submittedAt: new Date(), targetAbsent: true } });
    }
    await rederiveStale(db, pid);
    if (o.final !== undefined) await pinSample(db, pid, s.id, grounding(null, { qualityScore: o.final }), { decidedById: rev!.id });
    return s;
  };
  const s1 = await sample(projectId, "s1", 6.8); // near gold: 1 - .2/.5 = .6
  const s2 = await sample(projectId, "s2", 9, { final: 2 }); // gold vs discard: 2
  await sample(projectId, "s3", 5.5, { final: 5 }); // same tier, not near
  const s4 = await sample(projectId, "s4", 8, { override: 4.1 }); // effective 4.1: 1 - .1/.5 = .8
  await sample(projectId, "s5", 3, { label: 9, final: 2 }); // the final answer (discard) counts, not the label
  await sample(other.id, "x2", 7);
  return { db, project, other, rev: rev!, rev2: rev2!, ann: ann!, access, t: { t1, t2, t3, t5, t6, t9 }, s: { s1, s2, s4 } };
}

describe.each(PROVIDERS)("judge triage on %s", (provider) => {
  it("ranks candidates by impact, queues them, and records decisions", async () => {
    const { db } = await freshDatabase(provider);
    const { project, other, rev, rev2, ann, access, t, s } = await seed(db);

    // Impacts (eta .9): T1 flips inside (S, S, F, F): 1 + sqrt 3 = 2.7321; S2 gap 2; T9 alone,
    // 1 step: .9^0 = 1; T6 2 steps: .9; T5 3 steps: .81; S4 .8; S1 .6.
    const listed = await listTriageCandidates(db, project);
    expect(listed.decided).toBe(0);
    const summary = listed.candidates.map((c) => [c.kind === "sample" ? c.sampleId : c.trajectoryId, c.reasons, Number(c.impact.toFixed(3))]);
    expect(summary).toEqual([
      [t.t1.id, ["judge_vs_human"], 2.732],
      [s.s2.id, ["judge_vs_human"], 2],
      [t.t9.id, ["rule_vs_judge"], 1],
      [t.t6.id, ["judge_vs_human"], 0.9],
      [t.t5.id, ["rule_vs_judge"], 0.81],
      [s.s4.id, ["near_threshold"], 0.8],
      [s.s1.id, ["near_threshold"], 0.6],
    ]);
    const first = listed.candidates[0]!;
    expect(first.kind === "trajectory" && first.group?.rollouts.map((r) => Number(r.advantageBefore.toFixed(3)))).toEqual([-0.5, 1.5, -0.5, -0.5]);
    expect(first.kind === "trajectory" && first.group?.rollouts.map((r) => Number(r.advantageAfter.toFixed(3)))).toEqual([0.866, 0.866, -0.866, -0.866]);

    await expect(createTriageQueue(db, access(rev), { name: "T", memberIds: [rev.id, ann.id], leaseSeconds: 600, limit: 3 })).rejects.toMatchObject({ code: "invalid_input" });
    const { queue, itemCount } = await createTriageQueue(db, access(rev), { name: "T", memberIds: [rev.id], leaseSeconds: 600, limit: 3 });
    expect(itemCount).toBe(3);
    expect(queue).toMatchObject({ itemType: "disagreement", overlap: 1, status: "active" });
    const items = await db.queueItem.findMany({ where: { queueId: queue.id }, orderBy: { priority: "desc" } });
    expect(items.map((i) => [i.trajectoryId ?? i.sampleId, Number(i.priority.toFixed(3))])).toEqual([[t.t1.id, 2.732], [s.s2.id, 2], [t.t9.id, 1]]);
    expect(items.every((i) => i.verdictId)).toBe(true);
    // Queued candidates stay listed, marked; a second queue would not take them again.
    expect((await listTriageCandidates(db, project)).candidates[0]?.queued?.queueId).toBe(queue.id);

    // 1. T1: override the judge (success -> failure) with preset 3 after a claim.
    const c1 = (await claimNextItem(db, { queueId: queue.id, userId: rev.id }))!;
    expect(c1.trajectoryId).toBe(t.t1.id);
    const view = (await loadTriageItem(db, project, c1.queueItemId, c1.claimId, rev.id))!;
    expect(view.candidate?.impact).toBeCloseTo(1 + Math.sqrt(3), 4);
    expect(view.claim?.status).toBe("active");
    await expect(decideTriageItem(db, access(rev), { queueItemId: c1.queueItemId, claimId: c1.claimId, decision: "override", value: false })).rejects.toMatchObject({ code: "invalid_input" });
    expect((await db.queueItem.findUniqueOrThrow({ where: { id: c1.queueItemId } })).status).toBe("open");
    expect(await decideTriageItem(db, access(rev), { queueItemId: c1.queueItemId, claimId: c1.claimId, decision: "override", value: false, preset: 3 })).toEqual({ outcome: "overridden", queueId: queue.id });
    const judgeT1 = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: t.t1.id, kind: "mllm" }, include: { overrides: true } });
    expect(judgeT1.overrides).toMatchObject([{ valueBool: false, reason: "premature finish", userId: rev.id, status: "accepted" }]);
    expect(await db.queueItem.findUniqueOrThrow({ where: { id: c1.queueItemId } })).toMatchObject({ status: "verified", resolution: "triage", resolvedById: rev.id });
    expect((await db.claim.findUniqueOrThrow({ where: { id: c1.claimId } })).status).toBe("submitted");
    // T1 still counts with its verified failure: only T2 succeeds in g, so A = (-.5, 1.5, -.5, -.5).
    const group = await loadGroup(db, project.id, "g");
    expect(group.rollouts.find((r) => r.id === t.t1.id)).toMatchObject({ outcome: false, outcomeSource: "human" });
    expect(group.rollouts.find((r) => r.id === t.t2.id)?.advantage).toBeCloseTo(1.5, 4);

    // 2. S2: accept the judge against the human score: resolved, nothing overridden.
    const c2 = (await claimNextItem(db, { queueId: queue.id, userId: rev.id }))!;
    expect(c2.sampleId).toBe(s.s2.id);
    expect((await decideTriageItem(db, access(rev), { queueItemId: c2.queueItemId, claimId: c2.claimId, decision: "accept" })).outcome).toBe("accepted");
    expect(await db.judgeOverride.count({ where: { verdict: { sampleId: s.s2.id } } })).toBe(0);

    // 3. T9: accept the judge (overridden to failure) against the rule (success): the rule
    //    verdict takes the judge's value, so the automatic outcome follows the judge.
    const c3 = (await claimNextItem(db, { queueId: queue.id, userId: rev.id }))!;
    expect(c3.trajectoryId).toBe(t.t9.id);
    await decideTriageItem(db, access(rev), { queueItemId: c3.queueItemId, claimId: c3.claimId, decision: "accept", preset: 1 });
    const ruleT9 = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: t.t9.id, kind: "rule" }, include: { overrides: true } });
    expect(ruleT9.overrides).toMatchObject([{ valueBool: false, reason: "Triage: accepted the judge judge-72b (judge misread the screen)" }]);
    expect(await claimNextItem(db, { queueId: queue.id, userId: rev.id })).toBeNull();

    const audit = await db.auditLog.findMany({ where: { projectId: project.id, action: { startsWith: "triage." } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.targetId, a.userId])).toEqual([
      ["triage.override", c1.queueItemId, rev.id],
      ["triage.accept", c2.queueItemId, rev.id],
      ["triage.accept", c3.queueItemId, rev.id],
    ]);
    expect(await db.auditLog.count({ where: { projectId: project.id, action: "override.create" } })).toBe(2);

    // Decided verdicts leave the list: T1 and T9 agree now, S2 still disagrees but is settled.
    const after = await listTriageCandidates(db, project);
    expect(after.decided).toBe(1);
    expect(after.candidates.map((c) => c.kind === "sample" ? c.sampleId : c.trajectoryId)).toEqual([t.t6.id, t.t5.id, s.s4.id, s.s1.id]);

    // Two reviewers decide one item at once, without claims: exactly one decision lands.
    const { queue: q2 } = await createTriageQueue(db, access(rev), { name: "T2", memberIds: [rev.id, rev2.id], leaseSeconds: 600, limit: 1 });
    const only = await db.queueItem.findFirstOrThrow({ where: { queueId: q2.id } });
    const outcomes = await Promise.all([
      decideTriageItem(db, access(rev), { queueItemId: only.id, decision: "override", value: true, preset: 2 }),
      decideTriageItem(db, access(rev2, "admin"), { queueItemId: only.id, decision: "accept" }),
    ]);
    expect(outcomes.filter((o) => o.outcome === "already_decided")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "overridden" || o.outcome === "accepted")).toHaveLength(1);
    expect(await db.auditLog.count({ where: { targetId: only.id, action: { startsWith: "triage." } } })).toBe(1);

    // Another project's items are not found from this one, nor this one's from there.
    const foreign = await listTriageCandidates(db, other);
    // x1 (rule vs judge) and x2 (judge 7.0, on the gold threshold), both impact 1: theirs only.
    expect(foreign.candidates.map((c) => `${c.title}: ${c.reasons.join()} ${c.impact}`).sort()).toEqual(["goal x1: rule_vs_judge 1", "tap x2: near_threshold 1"]);
    await expect(decideTriageItem(db, access(rev, "reviewer", other.id), { queueItemId: only.id, decision: "accept" })).rejects.toMatchObject({ code: "not_found" });
    expect(await loadTriageItem(db, other, only.id, null, rev.id)).toBeNull();
  });

  it("skips give the claim back and the queue moves on", async () => {
    const { db } = await freshDatabase(provider);
    const { project, rev, access } = await seed(db);
    const { queue } = await createTriageQueue(db, access(rev), { name: "T", memberIds: [rev.id], leaseSeconds: 600, limit: 2, reasons: ["near_threshold"] });
    const first = (await claimNextItem(db, { queueId: queue.id, userId: rev.id }))!;
    expect((await decideTriageItem(db, access(rev), { queueItemId: first.queueItemId, claimId: first.claimId, decision: "skip" })).outcome).toBe("skipped");
    expect((await db.claim.findUniqueOrThrow({ where: { id: first.claimId } })).status).toBe("released");
    const second = (await claimNextItem(db, { queueId: queue.id, userId: rev.id }))!;
    expect(second.queueItemId).not.toBe(first.queueItemId);
    // An override of a score needs a score.
    await expect(decideTriageItem(db, access(rev), { queueItemId: second.queueItemId, claimId: second.claimId, decision: "override", value: true, preset: 2 })).rejects.toMatchObject({ code: "invalid_input" });
    await decideTriageItem(db, access(rev), { queueItemId: second.queueItemId, claimId: second.claimId, decision: "override", value: 7.5, preset: 5, note: "crisp target" });
    const sample = await db.groundingSample.findUniqueOrThrow({ where: { id: second.sampleId! } });
    expect(sample.qualityScore).toBe(7.5);
    // 7.5 is a margin away from 7: no longer at the threshold, so no longer a candidate.
    const left = await listTriageCandidates(db, project);
    expect(left.candidates.some((c) => c.verdictId === second.queueItemId || (c.kind === "sample" && c.sampleId === second.sampleId))).toBe(false);
    expect(left.decided).toBe(0);
  });
});
