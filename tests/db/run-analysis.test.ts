// Judge calibration and run comparison on both databases, from stored values: the judge is
// counted as it answered (an override does not improve it), the confusion matrix per judge,
// prompt and app, GRPO advantages that trusting it would flip, and two runs matched task by
// task with Newcombe's interval on the verified pairs and the prediction-powered difference
// on the tasks both uniform samples drew.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { rederive } from "./derived-support";
import { samplingProject, seedRun, verifyTruthfully } from "./sampling-support";
import { syntheticRun, type SyntheticEpisode } from "../support/synthetic-run";
import { judgeMetrics } from "@/lib/domain/estimates/judge-metrics";
import { newcombePaired } from "@/lib/domain/estimates/paired-proportions";
import { judgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import { comparePromptVersions } from "@/lib/runs/calibration/prompt-version-comparison";
import { NextRequest } from "next/server";
import { JudgeAgreementSchema } from "@/lib/api/v1-schemas";
import { createApiToken } from "@/lib/tokens/tokens";
import * as judgesRoute from "@/app/api/v1/projects/[projectId]/judges/route";
import { compareRuns } from "@/lib/runs/comparison/compare-runs";
import { drawFirstRound } from "@/lib/runs/sampling/draw-sample";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const episode = (task: string, human: boolean, judge: boolean, app = "Clock"): SyntheticEpisode => ({ task, goal: `Goal ${task}`, app, human, judge, judgeScore: judge ? 8 : 2 });
const SETTINGS = { rewards: { eta: 1, invalidActionPenalty: -0.1, advantagePolicy: "verified_only" } };

describe.each(PROVIDERS)("run analysis on %s", (provider) => {
  it("calibrates the judge as it answered, per prompt and app, and counts the GRPO advantages it would flip", async () => {
    const { db, project, as } = await samplingProject(provider, SETTINGS);
    // A GRPO group verified (S, F, F, F) that the judge calls (S, S, S, F), and two episodes alone.
    const episodes = [episode("g1", true, true), episode("g2", false, true), episode("g3", false, true), episode("g4", false, false), episode("a1", true, false, "Maps"), episode("a2", false, true, "Maps")];
    const run = await seedRun(db, project.id, "ckpt-1", episodes, { groupOf: (e) => (e.task.startsWith("g") ? "group-g" : null), withScores: false });
    const id = (task: string) => run.trajectories.get(task)!.id;
    await verifyTruthfully(db, project.id, as("reviewer"), run, ["g1", "g2", "g3", "g4", "a1"].map(id));
    // A reviewer overrides the judge on g2: the calibration still counts what the judge said.
    const verdict = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: id("g2"), valueBool: { not: null } } });
    await db.judgeOverride.create({ data: { verdictId: verdict.id, userId: as("reviewer").user.id, valueBool: false, reason: "stopped early" } });
    await rederive(db, project.id, { trajectoryIds: [id("g2")] });
    // Another prompt version of the judge on one episode is its own row.
    await recordVerdict(db, { projectId: project.id, trajectoryId: id("a1"), kind: "mllm", judgeName: "judge-72b", promptVersion: "trace-v4", metric: "trace_success", valueBool: true });

    const rows = await judgeCalibration(db, project.id, { runId: run.id });
    expect(rows.map((r) => [r.judgeName, r.promptVersion, r.judged])).toEqual([["judge-72b", "trace-v3", 6], ["judge-72b", "trace-v4", 1]]);
    const v3 = rows[0]!;
    // TP g1, FP g2 g3, FN a1, TN g4 (a2 unverified).
    expect(v3.metrics).toEqual(judgeMetrics({ truePositive: 1, falsePositive: 2, falseNegative: 1, trueNegative: 1 }));
    expect(v3.judgeRate).toBeCloseTo(4 / 6, 12);
    // Stored A = 1.5, -.5, -.5, -.5; trusting the judge, .5 .5 .5 -1.5: g2 and g3 flip.
    expect(v3.flips).toMatchObject({ groups: 1, compared: 4, flipped: 2 });
    expect(new Set(v3.flips!.flippedIds)).toEqual(new Set([id("g2"), id("g3")]));
    expect(rows[1]!.flips).toBeNull();

    const byApp = await judgeCalibration(db, project.id, { split: "app" });
    expect(byApp.filter((r) => r.promptVersion === "trace-v3").map((r) => [r.split, r.metrics.pairs])).toEqual([["Clock", 4], ["Maps", 1]]);
  });

  it("certifies a judge only when both TPR and TNR lower bounds reach the project's bar, and compares its prompt versions on the same items", async () => {
    const { db, project, as } = await samplingProject(provider, { judgeCertification: { minLowerBound: 0.5, minPairs: 10 } });
    // 12 episodes: 6 successes the judge calls 5 right, 6 failures it calls 6 right.
    const episodes = Array.from({ length: 12 }, (_, i) => episode(`t${i}`, i < 6, i < 5 || i >= 12));
    const run = await seedRun(db, project.id, "ckpt-1", episodes, { withScores: false });
    const id = (task: string) => run.trajectories.get(task)!.id;
    await verifyTruthfully(db, project.id, as("reviewer"), run, episodes.map((e) => id(e.task)));
    // A second prompt version that calls every episode a success, on the first 8 only.
    for (const e of episodes.slice(0, 8)) await recordVerdict(db, { projectId: project.id, trajectoryId: id(e.task), kind: "mllm", judgeName: "judge-72b", promptVersion: "trace-v4", metric: "trace_success", valueBool: true });

    const rows = await judgeCalibration(db, project.id);
    const [v3, v4] = rows;
    expect(v3!.certification.tpr!.value).toBeCloseTo(5 / 6, 12);
    expect(v3!.certification.tnr!.value).toBe(1);
    // Wilson lower bounds: 5/6 -> 0.436, under 0.5; 6/6 -> 0.610.
    expect(v3!.certification).toMatchObject({ pairs: 12, certified: false });
    expect(v3!.certification.labelsNeeded).toBeGreaterThan(0);
    expect(v4!.certification).toMatchObject({ certified: false, labelsNeeded: null }); // TNR 0: never
    expect(v3!.bar).toEqual({ minLowerBound: 0.5, minPairs: 10 });

    // Paired on the 8 items both judged: v3 right on 7 (t5 wrong), v4 right on the 6 successes.
    const [comparison] = await comparePromptVersions(db, project.id, ["judge-72b"]);
    expect(comparison).toMatchObject({ first: "trace-v3", second: "trace-v4", counts: { both: 5, onlyFirst: 2, onlySecond: 1, neither: 0 } });
    expect(comparison!.difference).toEqual(newcombePaired({ both: 5, onlyFirst: 2, onlySecond: 1, neither: 0 }));

    // The API reads the same rows, certification included.
    (globalThis as unknown as { verityDb?: unknown }).verityDb = db;
    const { secret } = await createApiToken(db, project.id, as("reviewer").user.id, { name: "r", role: "reviewer" });
    const response = await judgesRoute.GET(new NextRequest(`http://verity.test/api/v1/projects/${project.id}/judges`, { headers: { authorization: `Bearer ${secret}` } }), { params: Promise.resolve({ projectId: project.id }) });
    const api = JudgeAgreementSchema.parse(await response.json());
    expect(api.judges.map((j) => [j.promptVersion, j.certified, j.labelsNeeded, j.tpr?.low])).toEqual(rows.map((r) => [r.promptVersion, r.certification.certified, r.certification.labelsNeeded, r.certification.tpr?.low]));
    delete (globalThis as unknown as { verityDb?: unknown }).verityDb;

    // A lower bar certifies v3.
    await db.project.update({ where: { id: project.id }, data: { settings: { judgeCertification: { minLowerBound: 0.4, minPairs: 12 } } } });
    expect((await judgeCalibration(db, project.id))[0]!.certification).toMatchObject({ certified: true, labelsNeeded: 0 });
  });

  it("compares two runs task by task: matching, Newcombe on the verified pairs, the sampled difference on what both samples drew", async () => {
    const { db, project, as } = await samplingProject(provider);
    const base = syntheticRun(30, 5);
    const a = await seedRun(db, project.id, "ckpt-1", [...base, episode("only-a", true, true)]);
    const b = await seedRun(db, project.id, "ckpt-2", base.map((e, i) => ({ ...e, human: i % 4 === 0 ? !e.human : e.human })));
    const drawnA = (await drawFirstRound(db, as("admin"), { runId: a.id, design: "uniform", size: 12, seed: "pair" })).drawnIds;
    const drawnB = (await drawFirstRound(db, as("admin"), { runId: b.id, design: "uniform", size: 12, seed: "pair" })).drawnIds;
    await verifyTruthfully(db, project.id, as("reviewer"), a, drawnA);
    await verifyTruthfully(db, project.id, as("reviewer"), b, drawnB);

    const c = await compareRuns(db, project.id, a.id, b.id, "id");
    expect(c.tasks).toHaveLength(30);
    expect([c.onlyFirst, c.onlySecond]).toEqual([1, 0]);
    const taskOf = (run: typeof a, ids: string[]) => new Set([...run.trajectories.entries()].filter(([, t]) => ids.includes(t.id)).map(([task]) => task));
    const [tasksA, tasksB] = [taskOf(a, drawnA), taskOf(b, drawnB)];
    const both = base.filter((e) => tasksA.has(e.task) && tasksB.has(e.task));
    const humanB = new Map(base.map((e, i) => [e.task, i % 4 === 0 ? !e.human : e.human]));
    const count = (x: boolean, y: boolean) => both.filter((e) => e.human === x && humanB.get(e.task) === y).length;
    expect(c.verifiedPairs).toEqual(newcombePaired({ both: count(true, true), onlyFirst: count(true, false), onlySecond: count(false, true), neither: count(false, false) }));
    expect(c.sampled?.bothSampled).toBe(both.length);
    expect(c.tasks.filter((t) => t.discordant === "verified")).toHaveLength(count(true, false) + count(false, true));
    // Seeded by task, the same seed drew mostly the same tasks in both runs.
    expect(both.length).toBeGreaterThanOrEqual(8);
    await expect(compareRuns(db, project.id, a.id, a.id, "id")).rejects.toThrow(/two different runs/);
  });
});
