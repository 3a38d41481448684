// Sampled verification on both databases: a stratified draw records every stratum's N_h, n_h
// and weight N_h / n_h and is redone exactly from its seed (on a fresh database, and by the pure
// draw order), the estimate the run page reads is the estimator's on the stored values, with
// the automatic outcome or any judge of the run as its predictor (the judge's own value, which
// an override does not move; a predictor the run does not offer is refused), and "How many
// more?" queues exactly the planned episodes as an ordinary queue (overlap, members,
// honeypots), refusing a plan that changed since the page was read.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { samplingProject, seedRun, verifyTruthfully, type SeededRun } from "./sampling-support";
import { rederive, rederiveStale } from "./derived-support";
import { syntheticRun } from "../support/synthetic-run";
import type { Db } from "@/lib/db";
import { drawOrder } from "@/lib/domain/estimates/draw-order";
import { honeypotCount } from "@/lib/domain/honeypot-mix";
import { sampleEstimate } from "@/lib/domain/estimates/sample-estimate";
import { allocateSample, planAdditional } from "@/lib/domain/estimates/sample-plan";
import { scoreEdges, stratumOf } from "@/lib/domain/estimates/strata";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { makeHoneypot } from "@/lib/queues/honeypots";
import { drawFirstRound } from "@/lib/runs/sampling/draw-sample";
import { drawFirstAndQueue, drawMoreAndQueue } from "@/lib/runs/sampling/queue-round";
import { loadRunSample } from "@/lib/runs/sampling/run-sample";
import { runPredictorOptions } from "@/lib/runs/sampling/sample-predictor";
import { loadSampledSection } from "@/lib/runs/sampling/sampled-section-data";
import { roganGladen } from "@/lib/domain/estimates/judge-certification";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const EPISODES = syntheticRun(120, 7);
const QUEUE = { overlap: 1, leaseSeconds: 900, memberIds: [] as string[] };

async function drawnTasks(db: Db, run: SeededRun, sampleId: string) {
  const units = await db.verificationUnit.findMany({ where: { sampleId, round: { not: null } }, select: { trajectory: { select: { sourceId: true } } } });
  return units.map((u) => u.trajectory.sourceId.split("/")[1]!).sort();
}

describe.each(PROVIDERS)("verification samples on %s", (provider) => {
  it("a stratified draw records N_h, n_h and the weight of every stratum, and its seed redraws the same episodes", async () => {
    const { db, project, as } = await samplingProject(provider);
    const run = await seedRun(db, project.id, "ckpt-100", EPISODES);
    const { sampleId } = await drawFirstRound(db, as("admin"), { runId: run.id, design: "automatic_score", size: 30, seed: "strata-1" });

    const sample = await db.verificationSample.findUniqueOrThrow({ where: { id: sampleId }, include: { strata: { orderBy: { key: "asc" } }, rounds: true } });
    expect(sample).toMatchObject({ design: "automatic_score", seed: "strata-1", populationSize: 120, createdById: as("admin").user.id });
    // What the strata must be, from the episodes themselves.
    const edges = scoreEdges(EPISODES.map((e) => e.judgeScore));
    expect(sample.scoreEdges).toEqual(edges);
    const keyOf = new Map(EPISODES.map((e) => [e.task, stratumOf("automatic_score", e.judge, e.judgeScore, edges).key]));
    const sizes = [...new Set(keyOf.values())].sort().map((key) => ({ key, populationSize: [...keyOf.values()].filter((k) => k === key).length }));
    const allocation = allocateSample(sizes, 30);
    expect(sample.strata.map((s) => [s.key, s.populationSize, s.drawnSize])).toEqual(sizes.map((s) => [s.key, s.populationSize, allocation[s.key]]));
    for (const s of sample.strata) expect(s.weight).toBeCloseTo(s.populationSize / s.drawnSize, 12);
    expect(sample.rounds).toMatchObject([{ round: 1, size: 30, allocation }]);

    // Within each stratum the drawn are the first n_h of the seeded order.
    const order = drawOrder("strata-1", EPISODES.map((e) => ({ id: e.task, taskKey: e.task, sourceId: `ckpt-100/${e.task}` })));
    const expected = sizes.flatMap((s) => order.filter((u) => keyOf.get(u.id) === s.key).slice(0, allocation[s.key]).map((u) => u.id)).sort();
    const drawn = await drawnTasks(db, run, sampleId);
    expect(drawn).toEqual(expected);
    const units = await db.verificationUnit.findMany({ where: { sampleId }, select: { stratumKey: true, rank: true, round: true } });
    expect(units).toHaveLength(120);
    for (const s of sample.strata) {
      const mine = units.filter((u) => u.stratumKey === s.key).sort((a, b) => a.rank - b.rank);
      expect(mine.map((u) => u.rank)).toEqual(mine.map((_, i) => i));
      expect(mine.map((u) => u.round)).toEqual(mine.map((_, i) => (i < s.drawnSize ? 1 : null)));
    }

    // The same episodes and seed on another database draw the same tasks; another seed does not.
    const again = await samplingProject(provider);
    const rerun = await seedRun(again.db, again.project.id, "ckpt-100", EPISODES);
    const redrawn = await drawFirstRound(again.db, again.as("admin"), { runId: rerun.id, design: "automatic_score", size: 30, seed: "strata-1" });
    expect(await drawnTasks(again.db, rerun, redrawn.sampleId)).toEqual(drawn);
    const other = await samplingProject(provider);
    const otherRun = await seedRun(other.db, other.project.id, "ckpt-100", EPISODES);
    const otherDraw = await drawFirstRound(other.db, other.as("admin"), { runId: otherRun.id, design: "automatic_score", size: 30, seed: "strata-2" });
    expect(await drawnTasks(other.db, otherRun, otherDraw.sampleId)).not.toEqual(drawn);
  });

  it("the run page's estimate is the estimator's on the stored outcomes; episodes verified outside the sample stay apart", async () => {
    const { db, project, as } = await samplingProject(provider);
    const run = await seedRun(db, project.id, "ckpt-100", EPISODES);
    const { sampleId, drawnIds } = await drawFirstRound(db, as("admin"), { runId: run.id, design: "uniform", size: 25, seed: "u-1" });
    await verifyTruthfully(db, project.id, as("reviewer"), run, drawnIds.slice(0, 24));
    const outside = [...run.trajectories.values()].find((t) => !drawnIds.includes(t.id))!;
    await verifyTruthfully(db, project.id, as("reviewer"), run, [outside.id]);

    const view = (await loadRunSample(db, project.id, run.id))!;
    const drawn = new Set(drawnIds);
    const verified = new Set(drawnIds.slice(0, 24));
    const expected = sampleEstimate(
      [...run.trajectories.values()].map((t) => ({ stratumKey: "all", drawn: drawn.has(t.id), automatic: t.episode.judge, human: verified.has(t.id) ? t.episode.human : null })),
      ["all"],
    );
    expect(view.estimate).toEqual(expected);
    expect(view.estimate.counts).toMatchObject({ population: 120, drawn: 25, verified: 24, waiting: 1 });
    expect(view.outsideSample).toEqual([{ id: outside.id, episode: `ckpt-100/${outside.episode.task}`, goal: outside.episode.goal, human: outside.episode.human }]);
    expect(view.drawn).toHaveLength(25);
    expect(view.strata).toEqual([{ key: "all", label: "all episodes", populationSize: 120, drawnSize: 25, weight: expect.closeTo(120 / 25, 12) }]);
    void sampleId;
  });

  it("any judge of the run can be the predictor: f is its own stored value, which an override does not move, and a predictor the run does not offer is refused", async () => {
    const { db, project, as } = await samplingProject(provider);
    const run = await seedRun(db, project.id, "ckpt-100", EPISODES.slice(0, 60), { withScores: false });
    // A second judge: right on two episodes in three, silent on every tenth.
    const SECOND = { judgeName: "ui-venus", promptVersion: "ui-venus-15-outcome-judge@v1" };
    for (const [i, t] of [...run.trajectories.values()].entries()) {
      if (i % 10 === 9) continue;
      await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "mllm", ...SECOND, metric: "trace_success", valueBool: i % 3 === 0 ? !t.episode.human : t.episode.human });
    }
    await rederiveStale(db, project.id);
    // A judge of another run only is no predictor of this one.
    const other = await seedRun(db, project.id, "ckpt-000", EPISODES.slice(0, 2), { withScores: false });
    await recordVerdict(db, { projectId: project.id, trajectoryId: [...other.trajectories.values()][0]!.id, kind: "mllm", judgeName: "elsewhere", promptVersion: "v1", metric: "trace_success", valueBool: true });

    const options = await runPredictorOptions(db, project.id, run.id);
    expect(options.map((o) => [o.key, o.judged])).toEqual([["automatic", null], ["judge:judge-72b/trace-v3", 60], ["judge:ui-venus/ui-venus-15-outcome-judge%40v1", 54]]);

    const { sampleId, drawnIds } = await drawFirstRound(db, as("admin"), { runId: run.id, design: "automatic", size: 24, seed: "pred-1" });
    await verifyTruthfully(db, project.id, as("reviewer"), run, drawnIds.slice(0, 22));

    // What each predictor's estimate must be, from the stored rows alone.
    const expectedOf = async (f: (t: { id: string; autoOutcome: boolean | null }, values: Map<string, Map<string, boolean>>) => boolean | null) => {
      const units = await db.verificationUnit.findMany({ where: { sampleId }, select: { stratumKey: true, round: true, trajectory: { select: { id: true, autoOutcome: true, status: true, humanVerdict: true } } } });
      const verdicts = await db.judgeVerdict.findMany({ where: { projectId: project.id, metric: "trace_success", valueBool: { not: null }, trajectory: { runId: run.id } }, select: { judgeName: true, trajectoryId: true, valueBool: true } });
      const values = new Map<string, Map<string, boolean>>();
      for (const v of verdicts) values.set(v.judgeName, (values.get(v.judgeName) ?? new Map()).set(v.trajectoryId!, v.valueBool!));
      const strata = (await db.verificationStratum.findMany({ where: { sampleId }, orderBy: { key: "asc" } })).map((s) => s.key);
      const rows = units.map((u) => ({
        stratumKey: u.stratumKey,
        drawn: u.round !== null,
        automatic: f(u.trajectory, values),
        human: u.trajectory.status === "verified" ? u.trajectory.humanVerdict === "success" : null,
      }));
      // By hand: theta = sum_h W_h (mean f + mean (y - f) over the verified); Rogan-Gladen with
      // TPR and TNR over the verified pairs, each weighted N_h / n_h.
      const N = rows.length;
      let theta = 0;
      const cells = { tp: 0, fn: 0, tn: 0, fp: 0 };
      for (const key of strata) {
        const all = rows.filter((r) => r.stratumKey === key);
        const verified = all.filter((r) => r.drawn && r.human !== null);
        const fOf = (r: (typeof rows)[number]) => (r.automatic ? 1 : 0);
        theta += (all.length / N) * (all.reduce((s, r) => s + fOf(r), 0) / all.length + verified.reduce((s, r) => s + (r.human ? 1 : 0) - fOf(r), 0) / verified.length);
        for (const r of verified) cells[r.human ? (r.automatic ? "tp" : "fn") : r.automatic ? "fp" : "tn"] += all.length / verified.length;
      }
      const observed = rows.filter((r) => r.automatic).length / N;
      return { estimate: sampleEstimate(rows, strata), theta, roganGladen: roganGladen(observed, cells.tp / (cells.tp + cells.fn), cells.tn / (cells.tn + cells.fp)), observed, none: rows.filter((r) => r.automatic === null).length };
    };
    const check = async (key: string | undefined, f: Parameters<typeof expectedOf>[0]) => {
      const view = (await loadRunSample(db, project.id, run.id, key))!;
      const expected = await expectedOf(f);
      expect(view.estimate).toEqual(expected.estimate);
      expect(view.estimate.ppi.ok && view.estimate.ppi.estimate.estimate).toBeCloseTo(expected.theta, 12);
      const rg = view.estimate.roganGladen;
      expect(rg).toMatchObject({ ok: true, pairs: 22, observed: expected.observed, weighted: true });
      expect(rg.ok && { rate: rg.rate, clipped: rg.clipped }).toEqual({ rate: expect.closeTo(expected.roganGladen!.rate, 12), clipped: expected.roganGladen!.clipped });
      expect(view.estimate.counts.automaticNone).toBe(expected.none);
      return view;
    };

    const automatic = await check(undefined, (t) => t.autoOutcome);
    expect(automatic.predictor.key).toBe("automatic");
    const first = await check("judge:judge-72b/trace-v3", (t, v) => v.get("judge-72b")?.get(t.id) ?? null);
    expect(first.predictor.predictor).toEqual({ kind: "judge", judgeName: "judge-72b", promptVersion: "trace-v3" });
    const secondKey = "judge:ui-venus/ui-venus-15-outcome-judge%40v1";
    const second = await check(secondKey, (t, v) => v.get("ui-venus")?.get(t.id) ?? null);
    expect(second.estimate.counts.automaticNone).toBe(6);
    const secondSaid = new Map((await db.judgeVerdict.findMany({ where: SECOND })).map((v) => [v.trajectoryId!, v.valueBool]));
    expect(second.drawn.map((d) => d.predicted)).toEqual(second.drawn.map((d) => secondSaid.get(d.id) ?? null));
    // The three differ: each is its own predictor, not the automatic outcome under another name.
    expect(new Set([automatic, first, second].map((v) => v.estimate.counts.automaticSuccesses)).size).toBeGreaterThan(1);
    // "How many more?" plans with the automatic outcome whatever the predictor.
    expect(second.queuePlan).toEqual(automatic.estimate.plan);

    // A reviewer overrides the second judge on a verified episode: the override is in force,
    // yet the judge's f, and so its estimate, stay what the judge said.
    const overridden = await db.judgeVerdict.findFirstOrThrow({ where: { ...SECOND, trajectoryId: { in: drawnIds.slice(0, 22) } } });
    await db.judgeOverride.create({ data: { verdictId: overridden.id, userId: as("reviewer").user.id, valueBool: !overridden.valueBool, reason: "read the last screen" } });
    await rederive(db, project.id, { trajectoryIds: [overridden.trajectoryId!] });
    expect((await db.judgeVerdict.findUniqueOrThrow({ where: { id: overridden.id } })).effectiveBool).toBe(!overridden.valueBool);
    const after = (await loadRunSample(db, project.id, run.id, secondKey))!;
    expect(after.estimate).toEqual(second.estimate);
    expect(after.drawn.find((d) => d.id === overridden.trajectoryId)!.predicted).toBe(overridden.valueBool);

    // Not offered here: refused by name, nothing read.
    for (const unknown of ["judge:elsewhere/v1", "judge:ui-venus", "judge:ui-venus/ui-venus-15-outcome-judge@v1", ["automatic", "automatic"]]) {
      await expect(loadRunSample(db, project.id, run.id, unknown)).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/offers no predictor/) });
    }
    // The page's data says so and shows the automatic outcome's estimate instead.
    const section = await loadSampledSection(db, as("reviewer"), run.id, "judge:elsewhere/v1");
    expect(section.refusedPredictor).toEqual({ key: "sampled.predictorUnknown", params: { predictor: "judge:elsewhere/v1", offered: options.map((o) => o.key).join(", ") } });
    expect(section.sample!.predictor.key).toBe("automatic");
    expect(section.sample!.estimate).toEqual(automatic.estimate);
  });

  it("“How many more?” queues exactly the planned next episodes, with overlap, members and honeypots, and refuses a stale plan", async () => {
    const { db, project, as } = await samplingProject(provider);
    const run = await seedRun(db, project.id, "ckpt-100", EPISODES);
    // Honeypots from another run's verified episodes, as a queue would mix them in.
    const other = await seedRun(db, project.id, "ckpt-000", syntheticRun(6, 99));
    await verifyTruthfully(db, project.id, as("reviewer"), other, [...other.trajectories.values()].map((t) => t.id));
    for (const t of other.trajectories.values()) await makeHoneypot(db, as("admin"), { trajectoryId: t.id });

    const members = [as("ann").user.id, as("bea").user.id];
    const first = await drawFirstAndQueue(db, as("admin"), { runId: run.id, design: "uniform", size: 20, seed: "more-1" }, { ...QUEUE, memberIds: members, honeypotRate: 0 });
    expect(first).toMatchObject({ round: 1, drawn: 20, queued: 20, alreadyVerified: 0 });
    const round1 = await db.queueItem.findMany({ where: { queueId: first.queue!.id }, orderBy: { priority: "desc" }, select: { trajectoryId: true } });
    await verifyTruthfully(db, project.id, as("reviewer"), run, round1.map((i) => i.trajectoryId!));

    const before = (await loadRunSample(db, project.id, run.id))!;
    const plan = planAdditional(before.estimate.plan, 0.08);
    expect(plan.additional).toBeGreaterThan(0);
    await expect(drawMoreAndQueue(db, as("admin"), { runId: run.id, targetHalfWidth: 0.08, expected: plan.additional + 1 }, { ...QUEUE, memberIds: members })).rejects.toThrow(/now needs/);
    expect(await db.verificationRound.count()).toBe(1);

    const more = await drawMoreAndQueue(db, as("admin"), { runId: run.id, targetHalfWidth: 0.08, expected: plan.additional }, { overlap: 2, leaseSeconds: 600, memberIds: members, honeypotRate: 0.2 });
    expect(more).toMatchObject({ round: 2, drawn: plan.additional, queued: plan.additional, queue: { name: "ckpt-100 · sample round 2" } });
    // The queue holds exactly the next ranks of the seeded order, and honeypots at its rate.
    const order = drawOrder("more-1", EPISODES.map((e) => ({ id: run.trajectories.get(e.task)!.id, taskKey: e.task, sourceId: `ckpt-100/${e.task}` })));
    const next = order.slice(20, 20 + plan.additional).map((u) => u.id).sort();
    const queue = await db.queue.findUniqueOrThrow({ where: { id: more.queue!.id }, include: { items: true, members: true } });
    expect(queue).toMatchObject({ itemType: "trajectory", overlap: 2, leaseSeconds: 600, honeypotRate: 0.2, status: "active" });
    expect(queue.members.map((m) => m.userId).sort()).toEqual([...members].sort());
    expect(queue.items.filter((i) => !i.isHoneypot).map((i) => i.trajectoryId).sort()).toEqual(next);
    const honeypots = queue.items.filter((i) => i.isHoneypot);
    expect(honeypots).toHaveLength(Math.min(6, honeypotCount(plan.additional, 0.2)));
    const honeypotIds = new Set([...other.trajectories.values()].map((t) => t.id));
    for (const h of honeypots) expect(honeypotIds.has(h.trajectoryId!)).toBe(true);
    expect(queue.filter).toMatchObject({ verificationSample: { round: 2 }, itemCount: plan.additional });

    // Recorded: the round, its target and queue, and the stratum's new weight.
    const sample = await db.verificationSample.findFirstOrThrow({ where: { runId: run.id }, include: { strata: true, rounds: { orderBy: { round: "asc" } } } });
    expect(sample.rounds[1]).toMatchObject({ round: 2, size: plan.additional, allocation: { all: plan.additional }, targetHalfWidth: 0.08, queueId: queue.id });
    expect(sample.strata[0]!.drawnSize).toBe(20 + plan.additional);
    expect(sample.strata[0]!.weight).toBeCloseTo(120 / (20 + plan.additional), 12);
    // It is an ordinary queue: its members claim from it.
    const claim = await claimNextItem(db, { queueId: queue.id, userId: members[0]! });
    expect(claim?.trajectoryId).toBeTruthy();

    // Once those are verified, the plan for the same target needs nothing more.
    await verifyTruthfully(db, project.id, as("reviewer"), run, next);
    const after = (await loadRunSample(db, project.id, run.id))!;
    expect(planAdditional(after.estimate.plan, 0.08).additional).toBe(0);
  });

  it("refuses a second first draw, a sample larger than the run and a queue member from elsewhere, drawing nothing", async () => {
    const { db, project, as } = await samplingProject(provider);
    const run = await seedRun(db, project.id, "ckpt-100", EPISODES.slice(0, 10));
    await expect(drawFirstRound(db, as("admin"), { runId: run.id, design: "uniform", size: 11 })).rejects.toThrow(/has 10 episodes/);
    const stranger = await db.user.create({ data: { email: "stranger@x.test", name: "Stranger" } });
    await expect(drawFirstAndQueue(db, as("admin"), { runId: run.id, design: "uniform", size: 5 }, { ...QUEUE, memberIds: [stranger.id] })).rejects.toThrow(/members of the project/);
    expect(await db.verificationSample.count()).toBe(0);
    await drawFirstRound(db, as("admin"), { runId: run.id, design: "uniform", size: 5 });
    await expect(drawFirstRound(db, as("admin"), { runId: run.id, design: "uniform", size: 5 })).rejects.toThrow(/already has a sample/);
    // A run of another project is not found.
    const elsewhere = await db.project.create({ data: { slug: "else", name: "Else", settings: {} } });
    await expect(drawFirstRound(db, { ...as("admin"), projectId: elsewhere.id }, { runId: run.id, design: "uniform", size: 5 })).rejects.toThrow(/No such run/);
  });
});
