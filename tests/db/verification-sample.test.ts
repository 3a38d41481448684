// Sampled verification on both databases: a stratified draw records every stratum's N_h, n_h
// and weight N_h / n_h and is redone exactly from its seed (on a fresh database, and by the pure
// draw order), the estimate the run page reads is the estimator's on the stored values, and
// "How many more?" queues exactly the planned episodes as an ordinary queue (overlap, members,
// honeypots), refusing a plan that changed since the page was read.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { samplingProject, seedRun, verifyTruthfully, type SeededRun } from "./sampling-support";
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
