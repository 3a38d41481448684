// Agreement on both providers, against figures worked out by hand: Cohen's kappa per
// annotator pair on trace verdicts and on step labels, Fleiss' kappa for overlap 3, mean IoU
// and point-in-box agreement on sample boxes, and judge vs human per judge, app and benchmark.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import type { Db } from "@/lib/db";
import { meanIou, pointInBoxAgreement } from "@/lib/domain/agreement";
import type { Box } from "@/lib/domain/geometry";
import { agreementPerQueue } from "@/lib/dashboard/queue-agreement";
import { judgeVsHumanBy } from "@/lib/dashboard/judge-vs-human";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

type Trace = "success" | "failure" | "unsure";
type Step = "correct" | "incorrect" | "unsure";

async function people(db: Db, names: string[]) {
  return Promise.all(names.map((n) => db.user.create({ data: { email: `${n}@x.test`, name: n } })));
}

async function queueOf(db: Db, projectId: string, ownerId: string, name: string, itemType: string, overlap: number, items: { sampleId?: string; trajectoryId?: string }[]) {
  return db.queue.create({
    data: { projectId, name, itemType, filter: {}, overlap, createdById: ownerId, items: { create: items } },
    include: { items: true },
  });
}

// A submitted claim in the queue and the submitted label answer behind it.
async function submit(db: Db, projectId: string, userId: string, item: { id: string; sampleId: string | null; trajectoryId: string | null }, answer: object) {
  await db.claim.create({ data: { queueItemId: item.id, userId, status: "submitted", leaseUntil: new Date("2025-06-01T01:00:00Z"), submittedAt: new Date("2025-06-01T00:30:00Z") } });
  await db.annotation.create({
    data: { projectId, annotatorId: userId, itemType: item.sampleId ? "sample" : "trajectory", sampleId: item.sampleId, trajectoryId: item.trajectoryId, status: "submitted", submittedAt: new Date("2025-06-01T00:30:00Z"), ...answer },
  });
}

const steps = (...labels: Step[]) => labels.map((label, stepIndex) => ({ stepIndex, label }));

describe.each(PROVIDERS)("agreement on %s", (provider) => {
  it("kappa per pair and Fleiss on a trajectory queue with overlap 3", async () => {
    const { db } = await freshDatabase(provider);
    const [a, b, c, d] = await people(db, ["Ann", "Bob", "Cy", "Dee"]);
    const project = await db.project.create({ data: { slug: "p", name: "P", settings: {} } });
    const ts = await Promise.all(["t1", "t2", "t3", "t4"].map((s) => db.trajectory.create({ data: { projectId: project.id, goal: s, sourceDataset: "s", sourceId: s, contentHash: s, stepCount: 3 } })));
    const queue = await queueOf(db, project.id, a!.id, "three", "trajectory", 3, ts.map((t) => ({ trajectoryId: t.id })));
    const item = (i: number) => queue.items.find((x) => x.trajectoryId === ts[i]!.id)!;
    const answers: [typeof a, Trace[], (Step[] | null)[]][] = [
      [a, ["success", "success", "failure", "failure"], [["correct", "correct", "correct"], ["correct", "incorrect", "unsure"], null, null]],
      [b, ["success", "failure", "failure", "success"], [["correct", "correct", "incorrect"], ["correct", "incorrect", "incorrect"], null, null]],
      [c, ["success", "success", "failure", "unsure"], [["correct", "correct", "correct"], ["correct", "correct"], null, null]],
    ];
    for (const [who, verdicts, labels] of answers) {
      for (let i = 0; i < 4; i++) {
        await submit(db, project.id, who!.id, item(i), { traceVerdict: verdicts[i], stepLabels: labels[i] ? steps(...labels[i]!) : [] });
      }
    }
    // Not counted: Dee's answer without a claim in this queue, and a draft.
    await db.annotation.create({ data: { projectId: project.id, annotatorId: d!.id, itemType: "trajectory", trajectoryId: ts[0]!.id, status: "submitted", traceVerdict: "failure", submittedAt: new Date() } });
    const other = await db.trajectory.create({ data: { projectId: project.id, goal: "x", sourceDataset: "s", sourceId: "x", contentHash: "x", stepCount: 1 } });
    await db.annotation.create({ data: { projectId: project.id, annotatorId: a!.id, itemType: "trajectory", trajectoryId: other.id, status: "draft", traceVerdict: "failure" } });

    const [agreement] = await agreementPerQueue(db, project.id);
    expect(agreement).toMatchObject({ name: "three", itemType: "trajectory", overlap: 3 });
    const pair = (x: string, y: string) => agreement!.pairs.find((p) => p.a.name === x && p.b.name === y) ?? agreement!.pairs.find((p) => p.a.name === y && p.b.name === x)!;
    expect(agreement!.pairs).toHaveLength(3);
    // Trace verdicts. Ann-Bob: [[1,1],[1,1]] -> p_o .5, p_e .5 -> 0.
    // Ann-Cy: p_o 3/4; Ann f,s = 2,2; Cy f,s,u = 1,2,1 -> p_e = (2*1 + 2*2)/16 = .375 -> .375/.625 = .6
    // Bob-Cy: p_o 2/4; Bob f,s = 2,2 -> p_e .375 -> .125/.625 = .2
    expect(pair("Ann", "Bob").trace).toEqual({ kappa: 0, n: 4 });
    expect(pair("Ann", "Cy").trace?.kappa).toBeCloseTo(0.6, 10);
    expect(pair("Bob", "Cy").trace?.kappa).toBeCloseTo(0.2, 10);
    // Step labels aligned by index. Ann-Bob, 6 steps: p_o 4/6; Ann c,i,u = 4,1,1, Bob 3,3,0:
    // p_e = (12 + 3) / 36 -> (24 - 15) / 21 = 3/7. Ann-Cy and Bob-Cy (5 steps each, Cy all
    // correct): p_e = p_o -> 0.
    expect(pair("Ann", "Bob").steps?.kappa).toBeCloseTo(3 / 7, 10);
    expect(pair("Ann", "Bob").steps?.n).toBe(6);
    expect(pair("Ann", "Cy").steps).toMatchObject({ kappa: expect.closeTo(0, 10), n: 5 });
    expect(pair("Bob", "Cy").steps).toMatchObject({ kappa: expect.closeTo(0, 10), n: 5 });
    // Fleiss, trace: sum of squares 9 + 5 + 9 + 3 = 26 over 12 ratings -> P-bar 7/12;
    // totals s 6, f 5, u 1 -> P_e 62/144 -> kappa 11/41.
    // Fleiss, steps (5 steps rated by all three): squares 9+9+5+9+5 = 37 over 15 -> P-bar 11/15;
    // totals c 12, i 3 -> P_e 153/225 -> kappa 1/6.
    expect(agreement!.fleiss?.trace).toMatchObject({ kappa: expect.closeTo(11 / 41, 10), n: 4 });
    expect(agreement!.fleiss?.steps).toMatchObject({ kappa: expect.closeTo(1 / 6, 10), n: 5 });
  });

  it("mean IoU and point-in-box agreement on a sample queue", async () => {
    const { db } = await freshDatabase(provider);
    const [a, b] = await people(db, ["Ann", "Bob"]);
    const project = await db.project.create({ data: { slug: "p", name: "P", settings: {} } });
    const samples = await Promise.all(["s1", "s2", "s3", "s4", "s5"].map((s) => db.groundingSample.create({ data: { projectId: project.id, instruction: s, sourceDataset: "s", sourceId: s, contentHash: s } })));
    const queue = await queueOf(db, project.id, a!.id, "boxes", "sample", 2, samples.map((s) => ({ sampleId: s.id })));
    const boxes: [Box | null, Box | null][] = [
      [[0, 0, 10, 10], [5, 5, 15, 15]], // IoU 25/175 = 1/7; each centre on the other's edge: agree
      [[0, 0, 10, 10], [0, 0, 10, 10]], // IoU 1, agree
      [null, null], // both target absent: agree, no IoU
      [null, [0, 0, 4, 4]], // disagree
      [[0, 0, 10, 10], [6, 0, 20, 10]], // inter 40, union 200: IoU .2; Ann's centre (5, 5) is outside: disagree
    ];
    const answer = (box: Box | null) => (box ? { targetAbsent: false, boxX1: box[0], boxY1: box[1], boxX2: box[2], boxY2: box[3] } : { targetAbsent: true });
    for (const [i, [boxA, boxB]] of boxes.entries()) {
      const item = queue.items.find((x) => x.sampleId === samples[i]!.id)!;
      await submit(db, project.id, a!.id, item, answer(boxA));
      await submit(db, project.id, b!.id, item, answer(boxB));
    }
    const [agreement] = await agreementPerQueue(db, project.id);
    expect(agreement!.pairs).toHaveLength(1);
    const figures = agreement!.pairs[0]!.boxes!;
    // mean IoU over the 3 boxed pairs: (1/7 + 1 + .2) / 3; point-in-box: 3 of 5 pairs agree.
    expect(figures).toMatchObject({ pairs: 5, boxed: 3, pointInBox: 0.6 });
    expect(figures.meanIou).toBeCloseTo((1 / 7 + 1 + 0.2) / 3, 10);
    // The same numbers as the domain functions give on the same boxes.
    const boxed = boxes.filter((p): p is [Box, Box] => p[0] !== null && p[1] !== null);
    expect(figures.meanIou).toBeCloseTo(meanIou(boxed), 10);
    expect(figures.pointInBox).toBeCloseTo(pointInBoxAgreement(boxes), 10);
    expect(agreement!.fleiss).toBeNull();
  });

  it("judge vs human per judge, app and benchmark: the judge's own values, an override is not the judge's", async () => {
    const { db } = await freshDatabase(provider);
    const [rev] = await people(db, ["Rev"]);
    const project = await db.project.create({ data: { slug: "p", name: "P", settings: {} } });
    const make = async (id: string, app: string | null, benchmark: string, human: Trace, judgeName: string, judge: boolean, override?: boolean) => {
      const t = await db.trajectory.create({ data: { projectId: project.id, goal: id, sourceDataset: "s", sourceId: id, contentHash: id, app, benchmark, status: "verified", humanVerdict: human } });
      const v = await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName, metric: "trace_success", valueBool: judge });
      if (override !== undefined) await db.judgeOverride.create({ data: { verdictId: v.id, userId: rev!.id, valueBool: override, reason: "seen" } });
    };
    await make("v1", "Settings", "b1", "success", "j1", true);
    await make("v2", "Settings", "b1", "failure", "j1", true);
    await make("v3", "Market", "b1", "failure", "j1", false);
    await make("v4", null, "b2", "success", "j2", false, true);
    await make("v5", "Market", "b2", "success", "j2", true);

    // Settings [[1,1],[0,0]]: p_o .5, p_e .5 -> 0; Market [[1,0],[0,1]] -> 1; unknown app: 1 pair.
    expect(await judgeVsHumanBy(db, project.id, "app")).toEqual([
      { key: "Market", pairs: 2, matrix: [[1, 0], [0, 1]], kappa: 1 },
      { key: "Settings", pairs: 2, matrix: [[1, 1], [0, 0]], kappa: 0 },
      { key: "unknown app", pairs: 1, matrix: [[0, 0], [1, 0]], kappa: null },
    ]);
    // b1 [[1,1],[0,1]]: p_o 2/3, p_e 4/9 -> 2/5; b2 [[1,0],[1,0]] (v4 said failure; its
    // override to success is the reviewer's label): p_o 1/2, p_e 1/2 -> 0.
    const benchmarks = await judgeVsHumanBy(db, project.id, "benchmark");
    expect(benchmarks.map((b) => [b.key, b.matrix])).toEqual([["b1", [[1, 1], [0, 1]]], ["b2", [[1, 0], [1, 0]]]]);
    expect(benchmarks[0]!.kappa).toBeCloseTo(0.4, 10);
    expect(benchmarks[1]!.kappa).toBeCloseTo(0, 10);
    const judges = await judgeVsHumanBy(db, project.id, "judge");
    expect(judges.map((j) => [j.key, j.pairs, j.matrix])).toEqual([["j1", 3, [[1, 1], [0, 1]]], ["j2", 2, [[1, 0], [1, 0]]]]);
  });
});
