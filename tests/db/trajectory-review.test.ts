// Trajectory reviews on both providers: versioned saves, mismatch flags from labels and
// verdicts, overrides that move the flags, GRPO rewards from verified verdicts under each
// advantage policy, and the corrected success rate of an AndroidLab run (generated in its
// real layout).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { generatedFixtures, importInto } from "./import-support";
import type { ProjectAccess } from "@/lib/auth/session";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { loadGroup } from "@/lib/trajectories/group-view";
import { loadRunVerification } from "@/lib/runs/run-verification";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { listTrajectories } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { recordVerdicts } from "@/lib/verdicts/record-verdict";

const labels = (...values: ("correct" | "incorrect" | "unsure")[]) => values.map((label, stepIndex) => ({ stepIndex, label }));
const payload = (traceVerdict: TrajectoryPayload["traceVerdict"], steps: TrajectoryPayload["steps"]): TrajectoryPayload => ({ traceVerdict, firstWrongStep: null, steps, note: null });

describe.each(PROVIDERS)("trajectory review on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "r@x.test", name: "R" } });
    const project = await db.project.create({ data: { slug: "t", name: "T", settings: {} } });
    const access: ProjectAccess = { user: { id: user.id, email: user.email, name: "R", isOwner: false }, projectId: project.id, role: "reviewer" };
    const make = async (sourceId: string, group: string, sourceOutcome: boolean, rule: boolean, judge: boolean, steps = 3) => {
      const t = await db.trajectory.create({
        data: {
          projectId: project.id, goal: "Turn on dark mode", groupKey: group, sourceDataset: "s", sourceId, contentHash: sourceId, sourceOutcome,
          agentClaimedFinish: true, stepCount: steps, steps: { create: Array.from({ length: steps }, (_, index) => ({ index })) },
        },
      });
      await recordVerdicts(db, [
          { projectId: project.id, trajectoryId: t.id, kind: "rule", judgeName: "rule", metric: "trace_success", valueBool: rule },
          { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName: "judge", metric: "trace_success", valueBool: judge },
        ]);
      // Written as an import writes it: derived at the end of the batch.
      await rederiveStale(db, project.id);
      return t;
    };
    return { db, project, access, make };
  }

  it("computes and stores mismatch flags on submit, refuses a stale save, and moves the flags when a verdict is overridden", async () => {
    const { db, project, access, make } = await setup();
    const t = await make("t1", "g", true, true, false);
    // Before anyone looked: the checkers disagree, and the list finds it.
    expect((await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "rule_vs_judge" }), { seesHuman: true })).total).toBe(1);
    const first = await saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: null, status: "draft", payload: payload(null, labels("correct")) });
    await expect(saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: null, status: "draft", payload: payload(null, []) })).rejects.toMatchObject({ code: "conflict" });
    await expect(saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: first.version, status: "submitted", payload: payload(null, []) })).rejects.toThrow(/trace verdict/);

    await saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: first.version, status: "submitted", payload: payload("failure", labels("correct", "correct", "correct")) });
    let row = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(row).toMatchObject({ humanVerdict: "failure", status: "verified" });
    expect(row.mismatchFlags.split(",").sort()).toEqual(["auto_vs_human", "claimed_finish_failed", "rule_vs_judge", "steps_ok_trace_failed"]);

    // Override the rule to failure: rule and judge now agree (no rule_vs_judge), while the
    // verifier's reported success still disagrees with the human (auto_vs_human stays).
    const rule = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: t.id, kind: "rule" } });
    await overrideVerdict(db, access, { verdictId: rule.id, value: false, reason: "final state was wrong" });
    row = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.mismatchFlags.split(",").sort()).toEqual(["auto_vs_human", "claimed_finish_failed", "steps_ok_trace_failed"]);
    expect([row.autoOutcome, row.effectiveAutoOutcome]).toEqual([true, false]);

    const reviewer = { seesHuman: true };
    const flagged = await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "steps_ok_trace_failed" }), reviewer);
    expect(flagged.trajectories.map((x) => x.id)).toEqual([t.id]);
    expect((await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "rule_vs_judge" }), reviewer)).total).toBe(0);
    expect((await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "auto_vs_human" }), reviewer)).total).toBe(1);
  });

  it("derives GRPO rewards and advantages from verified verdicts, under each advantage policy", async () => {
    const { db, project, access, make } = await setup();
    const a = await make("a", "task-1", true, true, true, 3);
    const b = await make("b", "task-1", true, true, true, 5);
    await make("c", "task-1", false, false, false, 4);
    // b was a false positive of the verifier: verified failure.
    await saveTrajectoryAnnotation(db, access, { trajectoryId: b.id, baseVersion: null, status: "submitted", payload: payload("failure", []) });
    await saveTrajectoryAnnotation(db, access, { trajectoryId: a.id, baseVersion: null, status: "submitted", payload: payload("success", []) });
    // Verified only (the default): c is left out. a: 0.98^2 = 0.9604, b: 0; mean 0.4802,
    // sample std 0.9604 / sqrt 2 = 0.67912 -> A_a = 0.4802 / 0.67912 = 0.7071.
    let group = await loadGroup(db, access.projectId, "task-1");
    expect(group.rollouts.map((r) => (r.reward === null ? null : Number(r.reward.toFixed(4))))).toEqual([0.9604, 0, null]);
    expect(group.rollouts.find((r) => r.id === a.id)!.advantage).toBeCloseTo(0.7071, 3);
    expect(group.rollouts.map((r) => r.groupSize)).toEqual([2, 2, null]);
    expect([group.verifiedCount, group.countedCount]).toEqual([2, 2]);

    // Unverified rollouts counted with their automatic outcome: c counts as a failure (0).
    // mean 0.32013, sample std sqrt(((0.64027)^2 + 2*(0.32013)^2)/2) = 0.55449 -> A_a = 1.1547.
    await db.project.update({ where: { id: project.id }, data: { settings: { rewards: { advantagePolicy: "automatic_fallback" } }, derivationRevision: { increment: 1 } } });
    await rederiveStale(db, project.id);
    group = await loadGroup(db, access.projectId, "task-1");
    expect(group.rollouts.map((r) => Number(r.reward!.toFixed(4)))).toEqual([0.9604, 0, 0]);
    expect(group.rollouts.find((r) => r.id === a.id)!.advantage).toBeCloseTo(1.1547, 3);
    expect(group.countedCount).toBe(3);
  });

  it("reports an AndroidLab run's automatic rate and, once verified, the corrected one with its interval", async () => {
    const { db, project, access } = await setup();
    await importInto(db, project.id, path.join(await generatedFixtures(), "androidlab-run"));
    const run = await db.evaluationRun.findFirstOrThrow();
    let v = (await loadRunVerification(db, project.id, run.id))!;
    expect(v.automatic).toMatchObject({ successes: 2, n: 3 });
    expect(v.corrected.n).toBe(0);

    // A human finds quark_3 failed although the rule called it complete.
    const episodes = await db.trajectory.findMany({ where: { runId: run.id } });
    for (const e of episodes) {
      const verdict = e.groupKey === "quark_3" ? "failure" : e.autoOutcome ? "success" : "failure";
      expect(e.derivedRevision).toBeGreaterThan(0);
      await saveTrajectoryAnnotation(db, access, { trajectoryId: e.id, baseVersion: null, status: "submitted", payload: payload(verdict, []) });
    }
    v = (await loadRunVerification(db, project.id, run.id))!;
    expect(v.corrected).toMatchObject({ successes: 1, n: 3 });
    // Wilson 95% for 1/3: (0.0615, 0.7923).
    expect(v.corrected.interval!.low).toBeCloseTo(0.0615, 3);
    expect(v.corrected.interval!.high).toBeCloseTo(0.7923, 3);
    expect(v.changed.map((e) => e.episode)).toEqual([episodes.find((e) => e.groupKey === "quark_3")!.sourceId]);
  });
});
