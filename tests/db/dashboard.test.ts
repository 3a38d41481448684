// Dashboard aggregates on both providers, against figures computed by hand from a small
// seeded project (and a second project whose rows must never leak into the first's figures).
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { judgeVsHuman } from "@/lib/dashboard/judge-vs-human";
import { reviewProgress } from "@/lib/dashboard/review-progress";
import { stepVsTraceAccuracy } from "@/lib/dashboard/step-vs-trace";
import { submissionsPerDay } from "@/lib/dashboard/submissions";
import { tierCounts } from "@/lib/dashboard/tier-counts";
import type { Db } from "@/lib/db";
import { pinSample, pinTrajectory, rederiveStale, grounding, trajectoryAnswer } from "./derived-support";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const NOW = new Date("2025-06-30T12:00:00Z");

async function seed(db: Db) {
  const [ann, bob, rev] = await Promise.all(
    ["ann", "bob", "rev"].map((n) => db.user.create({ data: { email: `${n}@x.test`, name: n.toUpperCase() } })),
  );
  const project = await db.project.create({ data: { slug: "p", name: "P", settings: { tiers: { goldMin: 7, rewriteMin: 4 } } } });
  const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
  const projectId = project.id;

  // Judge scores on the tier boundaries: 7 is gold, 6.9 and 4 rewrite, 3.9 discard.
  const scored: [number | null, string][] = [[9, "verified"], [7, "verified"], [6.9, "rejected"], [4, "in_review"], [3.9, "unreviewed"], [0, "unreviewed"], [null, "unreviewed"]];
  const samples = [];
  const sample = async (pid: string, sourceId: string, score: number | null, status: string) => {
    const s = await db.groundingSample.create({ data: { projectId: pid, instruction: "tap", sourceDataset: "s", sourceId, contentHash: sourceId, boxX1: 1, boxY1: 1, boxX2: 5, boxY2: 5 } });
    if (score !== null) await recordVerdict(db, { projectId: pid, sampleId: s.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: score });
    await rederiveStale(db, pid);
    if (status === "verified" || status === "rejected") await pinSample(db, pid, s.id, grounding([1, 1, 5, 5]), { decidedById: rev!.id, decision: status === "verified" ? "accept" : "reject" });
    if (status === "in_review") await db.groundingSample.update({ where: { id: s.id }, data: { status } });
    return s;
  };
  for (const [i, [score, status]] of scored.entries()) samples.push(await sample(projectId, `s${i}`, score, status));
  await sample(other.id, "x", 9, "verified");

  // Verified trajectories carry the step labels their accuracy is counted from.
  const traj = async (pid: string, sourceId: string, model: string | null, verdict: "success" | "failure" | "unsure" | null, labels: ("correct" | "incorrect")[] = []) => {
    const row = await db.trajectory.create({ data: { projectId: pid, goal: "g", sourceDataset: "s", sourceId, contentHash: sourceId, model, stepCount: 4 } });
    await rederiveStale(db, pid);
    if (verdict) await pinTrajectory(db, pid, row.id, trajectoryAnswer(verdict, labels), { decidedById: rev!.id });
    return row;
  };
  const t = {
    t1: await traj(projectId, "t1", "m1", "success", ["correct", "correct", "correct", "incorrect"]),
    t2: await traj(projectId, "t2", "m1", "success", ["correct", "correct", "incorrect", "incorrect"]),
    t3: await traj(projectId, "t3", "m1", "success"),
    t4: await traj(projectId, "t4", "m1", "failure"),
    t5: await traj(projectId, "t5", "m2", "failure", ["correct", "incorrect", "incorrect", "incorrect"]),
    t6: await traj(projectId, "t6", "m2", "failure"),
    t7: await traj(projectId, "t7", "m1", null),
    t8: await traj(projectId, "t8", null, "unsure"),
  };
  const foreign = await traj(other.id, "f1", "m1", "success", ["incorrect"]);

  const verdict = (pid: string, trajectoryId: string, judgeName: string, valueBool: boolean, kind = "mllm") =>
    recordVerdict(db, { projectId: pid, trajectoryId, kind, judgeName, metric: "trace_success", valueBool });
  await verdict(projectId, t.t1.id, "j1", true);
  const overriddenToSuccess = await verdict(projectId, t.t2.id, "j1", false);
  await db.judgeOverride.create({ data: { verdictId: overriddenToSuccess.id, userId: rev!.id, valueBool: true, reason: "it did finish" } });
  await verdict(projectId, t.t3.id, "j1", false);
  await verdict(projectId, t.t4.id, "j1", true);
  await verdict(projectId, t.t5.id, "j1", false);
  const rejectedOverride = await verdict(projectId, t.t6.id, "j1", false);
  await db.judgeOverride.create({ data: { verdictId: rejectedOverride.id, userId: rev!.id, valueBool: true, reason: "no", status: "rejected" } });
  await verdict(projectId, t.t7.id, "j1", true); // not verified: no pair
  await verdict(projectId, t.t8.id, "j1", true); // human unsure: no pair
  await verdict(projectId, t.t1.id, "j2", true);
  await verdict(projectId, t.t1.id, "state-checker", false, "rule"); // rules are not MLLM judges
  await verdict(other.id, foreign.id, "j1", false);

  const annotate = (pid: string, annotatorId: string, trajectoryId: string | null, sampleId: string | null, status: string, submittedAt: string | null, correct = 0, incorrect = 0) =>
    db.annotation.create({
      data: {
        projectId: pid, annotatorId, itemType: trajectoryId ? "trajectory" : "sample", trajectoryId, sampleId, status,
        submittedAt: submittedAt ? new Date(submittedAt) : null, stepsCorrect: trajectoryId ? correct : null, stepsIncorrect: trajectoryId ? incorrect : null,
      },
    });
  await annotate(projectId, ann!.id, t.t1.id, null, "submitted", "2025-06-30T01:00:00Z", 3, 1);
  await annotate(projectId, bob!.id, t.t2.id, null, "submitted", "2025-06-30T10:00:00Z", 2, 2);
  await annotate(projectId, ann!.id, t.t5.id, null, "submitted", "2025-06-29T23:59:00Z", 1, 3);
  await annotate(projectId, ann!.id, null, samples[0]!.id, "submitted", "2025-05-01T09:00:00Z"); // outside the 30 days
  await annotate(projectId, bob!.id, t.t3.id, null, "draft", null, 10, 0); // drafts count nowhere
  await annotate(other.id, ann!.id, foreign.id, null, "submitted", "2025-06-30T02:00:00Z", 0, 5);
  return { projectId, ann: ann!, bob: bob! };
}

describe.each(PROVIDERS)("dashboard aggregates on %s", (provider) => {
  it("computes submissions, tiers, judge agreement, step vs trace accuracy and progress", async () => {
    const { db } = await freshDatabase(provider);
    const { projectId, ann, bob } = await seed(db);

    const submissions = await submissionsPerDay(db, projectId, NOW);
    expect(submissions.days).toHaveLength(30);
    expect(submissions.days[0]?.day).toBe("2025-06-01");
    expect(submissions.days.at(-1)).toEqual({ day: "2025-06-30", counts: { [ann.id]: 1, [bob.id]: 1 } });
    expect(submissions.days.at(-2)).toEqual({ day: "2025-06-29", counts: { [ann.id]: 1 } });
    expect(submissions.days.slice(0, 28).every((d) => Object.keys(d.counts).length === 0)).toBe(true);
    expect(submissions.annotators).toEqual([
      { id: ann.id, name: "ANN", total: 3, last30: 2 },
      { id: bob.id, name: "BOB", total: 1, last30: 1 },
    ]);

    expect(await tierCounts(db, projectId)).toEqual({ gold: 2, rewrite: 2, discard: 2, unscored: 1 });
    // New thresholds move the stored tiers once the project's items are derived again.
    await db.project.update({ where: { id: projectId }, data: { settings: { tiers: { goldMin: 9, rewriteMin: 1 } }, derivationRevision: { increment: 1 } } });
    await rederiveStale(db, projectId);
    expect(await tierCounts(db, projectId)).toEqual({ gold: 1, rewrite: 4, discard: 1, unscored: 1 });

    // j1 (rows judge, columns human) counts the judge's own values: t2's accepted override to
    // success is a person's label, not the judge's, and t6's rejected one never applied:
    // [[1, 1], [2, 2]]. po = 3/6, pe = (2/6)(3/6) + (4/6)(3/6) = 1/2, kappa = 0.
    const judges = await judgeVsHuman(db, projectId);
    expect(judges.map((j) => j.judgeName)).toEqual(["j1", "j2"]);
    expect(judges[0]).toMatchObject({ pairs: 6, matrix: [[1, 1], [2, 2]] });
    expect(judges[0]?.kappa).toBeCloseTo(0, 10);
    expect(judges[1]).toEqual({ judgeName: "j2", pairs: 1, matrix: [[1, 0], [0, 0]], kappa: null });

    // m1: steps (3+2)/(4+4) of the final answers, trace 3 of 4 verified; m2: steps 1/4, trace
    // 0 of 2; unknown model: t8 verified unsure (no decided verdict).
    expect(await stepVsTraceAccuracy(db, projectId)).toEqual(
      expect.arrayContaining([
        { model: "m1", stepsCorrect: 5, stepsLabelled: 8, stepAccuracy: 0.625, verified: 4, verifiedSuccess: 3, traceAccuracy: 0.75 },
        { model: "m2", stepsCorrect: 1, stepsLabelled: 4, stepAccuracy: 0.25, verified: 2, verifiedSuccess: 0, traceAccuracy: 0 },
        { model: "unknown model", stepsCorrect: 0, stepsLabelled: 0, stepAccuracy: null, verified: 0, verifiedSuccess: 0, traceAccuracy: null },
      ]),
    );
    expect(await stepVsTraceAccuracy(db, projectId)).toHaveLength(3);

    expect(await reviewProgress(db, projectId)).toEqual({
      samples: { total: 7, counts: { unreviewed: 3, in_review: 1, awaiting_adjudication: 0, verified: 2, rejected: 1, reopened: 0, source_changed: 0 } },
      trajectories: { total: 8, counts: { unreviewed: 1, in_review: 0, awaiting_adjudication: 0, verified: 7, rejected: 0, reopened: 0, source_changed: 0 } },
    });
  });

  it("answers empty figures for a project with nothing in it", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "e", name: "E", settings: {} } });
    const submissions = await submissionsPerDay(db, project.id, NOW);
    expect(submissions.annotators).toEqual([]);
    expect(await tierCounts(db, project.id)).toEqual({ gold: 0, rewrite: 0, discard: 0, unscored: 0 });
    expect(await judgeVsHuman(db, project.id)).toEqual([]);
    expect(await stepVsTraceAccuracy(db, project.id)).toEqual([]);
    expect((await reviewProgress(db, project.id)).samples.total).toBe(0);
  });
});
