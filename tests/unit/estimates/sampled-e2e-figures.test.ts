// What the run page and the comparison page must show in the e2e of sampled verification
// (tests/e2e/sampled-verification.spec.ts), computed here from the same data with the same
// functions: the seeded draw of 40 of ckpt-100's 300 episodes, the prediction-powered estimate
// once those are verified truthfully, "how many more" for ±3 points, and the paired comparison
// with ckpt-200, whose sample (same seed) drew the same tasks. The spec reads these constants.
import { describe, expect, it } from "vitest";
import { drawOrder } from "@/lib/domain/estimates/draw-order";
import { percent, pointsRange, range, signedPoints } from "@/lib/domain/estimates/format";
import { newcombePaired } from "@/lib/domain/estimates/paired-proportions";
import { sampleEstimate } from "@/lib/domain/estimates/sample-estimate";
import { planAdditional } from "@/lib/domain/estimates/sample-plan";
import { CHECKPOINTS, SAMPLE_SEED, SAMPLE_SIZE } from "../../support/sampled-e2e";
import { SAMPLED_E2E_FIGURES } from "../../support/sampled-e2e-figures";

function drawnTasks(runName: string) {
  const run = CHECKPOINTS.find((c) => c.name === runName)!;
  const order = drawOrder(SAMPLE_SEED, run.episodes.map((e) => ({ id: e.task, taskKey: e.task, sourceId: `${runName}/${e.task}` })));
  return new Set(order.slice(0, SAMPLE_SIZE).map((u) => u.id));
}

describe("the e2e figures of sampled verification", () => {
  it("ckpt-100: the estimate, its interval and how many more, for its 40 drawn episodes verified", () => {
    const run = CHECKPOINTS[0]!;
    const drawn = drawnTasks(run.name);
    const e = sampleEstimate(run.episodes.map((ep) => ({ stratumKey: "all", drawn: drawn.has(ep.task), automatic: ep.judge, human: drawn.has(ep.task) ? ep.human : null })), ["all"]);
    if (!e.ppi.ok) throw new Error("no estimate");
    const plan = planAdditional(e.plan, 0.03);
    const figures = {
      automatic: percent(e.counts.automaticSuccesses / e.counts.population),
      estimate: percent(e.ppi.estimate.estimate),
      interval: range(e.ppi.estimate.run.low, e.ppi.estimate.run.high),
      modelInterval: range(e.ppi.estimate.model.low, e.ppi.estimate.model.high),
      verifiedOnly: percent(e.verifiedOnly!.rate),
      verifiedOnlyInterval: range(e.verifiedOnly!.low, e.verifiedOnly!.high),
      trueRate: percent(run.episodes.filter((ep) => ep.human).length / run.episodes.length),
      howManyMore: plan.additional,
    };
    console.log("ckpt-100 figures", figures);
    expect(figures).toEqual(SAMPLED_E2E_FIGURES.first);
  });

  it("ckpt-100 against ckpt-200: the same 40 tasks drawn, Newcombe's difference on them", () => {
    const [first, second] = [CHECKPOINTS[0]!, CHECKPOINTS[1]!];
    const drawn = drawnTasks(first.name);
    expect([...drawnTasks(second.name)].sort()).toEqual([...drawn].sort());
    const pairs = first.episodes.filter((e) => drawn.has(e.task)).map((e) => [e.human, second.episodes.find((s) => s.task === e.task)!.human] as const);
    const count = (a: boolean, b: boolean) => pairs.filter(([x, y]) => x === a && y === b).length;
    const n = newcombePaired({ both: count(true, true), onlyFirst: count(true, false), onlySecond: count(false, true), neither: count(false, false) })!;
    const figures = { difference: signedPoints(n.difference), interval: pointsRange(n.low, n.high), discordantVerified: count(true, false) + count(false, true) };
    console.log("comparison figures", figures);
    expect(figures).toEqual(SAMPLED_E2E_FIGURES.comparison);
  });
});
