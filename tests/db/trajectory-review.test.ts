// Trajectory reviews on both providers: versioned saves, mismatch flags from labels and
// verdicts, overrides that move the flags, GRPO rewards recomputed from verified verdicts,
// and the corrected success rate of an AndroidLab run (generated in its real layout).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { generatedFixtures, importInto } from "./import-support";
import type { ProjectAccess } from "@/lib/auth/session";
import { RewardSettingsSchema } from "@/lib/domain/rewards";
import { loadGroup } from "@/lib/trajectories/group-view";
import { loadRunVerification } from "@/lib/runs/run-verification";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { listTrajectories } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

const labels = (...values: ("correct" | "incorrect" | "unsure")[]) => values.map((label, stepIndex) => ({ stepIndex, label }));
const payload = (traceVerdict: TrajectoryPayload["traceVerdict"], steps: TrajectoryPayload["steps"]): TrajectoryPayload => ({ traceVerdict, firstWrongStep: null, steps, note: null });

describe.each(PROVIDERS)("trajectory review on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "r@x.test", name: "R" } });
    const project = await db.project.create({ data: { slug: "t", name: "T", settings: {} } });
    const access: ProjectAccess = { user: { id: user.id, email: user.email, name: "R", isOwner: false }, projectId: project.id, role: "reviewer" };
    const make = async (sourceId: string, group: string, autoOutcome: boolean, rule: boolean, judge: boolean, steps = 3) => {
      const t = await db.trajectory.create({
        data: {
          projectId: project.id, goal: "Turn on dark mode", groupKey: group, sourceDataset: "s", sourceId, contentHash: sourceId, autoOutcome,
          agentClaimedFinish: true, stepCount: steps, steps: { create: Array.from({ length: steps }, (_, index) => ({ index })) },
        },
      });
      await db.judgeVerdict.createMany({
        data: [
          { projectId: project.id, targetType: "trajectory", trajectoryId: t.id, kind: "rule", judgeName: "rule", metric: "trace_success", valueBool: rule },
          { projectId: project.id, targetType: "trajectory", trajectoryId: t.id, kind: "mllm", judgeName: "judge", metric: "trace_success", valueBool: judge },
        ],
      });
      return t;
    };
    return { db, project, access, make };
  }

  it("computes and stores mismatch flags on submit, refuses a stale save, and moves the flags when a verdict is overridden", async () => {
    const { db, project, access, make } = await setup();
    const t = await make("t1", "g", true, true, false);
    const first = await saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: null, status: "draft", payload: payload(null, labels("correct")) });
    await expect(saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: null, status: "draft", payload: payload(null, []) })).rejects.toMatchObject({ code: "conflict" });
    await expect(saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: first.version, status: "submitted", payload: payload(null, []) })).rejects.toThrow(/trace verdict/);

    await saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: first.version, status: "submitted", payload: payload("failure", labels("correct", "correct", "correct")) });
    let row = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(row).toMatchObject({ humanVerdict: "failure", status: "verified" });
    expect(row.mismatchFlags.split(",").sort()).toEqual(["auto_vs_human", "claimed_finish_failed", "rule_vs_judge", "steps_ok_trace_failed"]);

    // The judge was right after all? No: override the rule to failure; rule and judge now agree and match the human.
    const rule = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: t.id, kind: "rule" } });
    await overrideVerdict(db, access, { verdictId: rule.id, value: false, reason: "final state was wrong" });
    row = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.mismatchFlags.split(",").sort()).toEqual(["claimed_finish_failed", "steps_ok_trace_failed"]);

    const flagged = await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "steps_ok_trace_failed" }));
    expect(flagged.trajectories.map((x) => x.id)).toEqual([t.id]);
    expect((await listTrajectories(db, project.id, TrajectoryFilterSchema.parse({ flag: "rule_vs_judge" }))).total).toBe(0);
  });

  it("recomputes GRPO rewards and advantages from verified verdicts", async () => {
    const { db, access, make } = await setup();
    const a = await make("a", "task-1", true, true, true, 3);
    const b = await make("b", "task-1", true, true, true, 5);
    await make("c", "task-1", false, false, false, 4);
    // b was a false positive of the verifier: verified failure.
    await saveTrajectoryAnnotation(db, access, { trajectoryId: b.id, baseVersion: null, status: "submitted", payload: payload("failure", []) });
    await saveTrajectoryAnnotation(db, access, { trajectoryId: a.id, baseVersion: null, status: "submitted", payload: payload("success", []) });
    const group = await loadGroup(db, access.projectId, "task-1", RewardSettingsSchema.parse({}));
    const rewards = group.rollouts.map((r) => r.reward);
    // a: 0.98^2 = 0.9604; b and c: 0.
    expect(rewards.map((r) => Number(r.toFixed(4))).sort()).toEqual([0, 0, 0.9604]);
    const aRow = group.rollouts.find((r) => r.id === a.id)!;
    // mean 0.32013, sample std sqrt(((0.64027)^2 + 2*(0.32013)^2)/2) = 0.55449 -> A_a = 0.64027 / 0.55449 = 1.1547
    expect(aRow.advantage).toBeCloseTo(1.1547, 3);
    expect(group.verifiedCount).toBe(2);
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
