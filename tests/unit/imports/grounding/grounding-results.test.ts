import { describe, expect, it } from "vitest";
import { judgePrediction, type Prediction } from "@/lib/domain/point-in-box";
import type { Box } from "@/lib/domain/geometry";
import { groundingResultsParser } from "@/lib/imports/formats/grounding/grounding-results";
import type { PredictionRecord } from "@/lib/imports/records";
import { collect, fixture, fullSample, predictionsOf, rejectionsOf, runsOf, tempFile } from "./support";
import { describePublic } from "../../../support/public-fixtures";
import { writeScreenSpotProResults } from "../../../support/import-fixtures/screenspot-pro";
import { tempDir } from "../../../support/import-fixtures";

// For an xyxy px contract the raw numbers already are pixels: no image size needed to judge.
function judge(record: PredictionRecord) {
  const { prediction } = record;
  const sample = fullSample(record);
  const asDomain: Prediction =
    prediction.kind === "point" ? { kind: "point", point: [prediction.raw[0] ?? NaN, prediction.raw[1] ?? NaN] } : prediction;
  if (prediction.kind === "point") expect(prediction.contract).toEqual({ format: "xyxy", unit: "px" });
  let box: Box | null = null;
  if (sample.target.kind === "box") {
    expect(sample.target.contract).toEqual({ format: "xyxy", unit: "px" });
    const [x1, y1, x2, y2] = sample.target.raw;
    box = [x1 ?? NaN, y1 ?? NaN, x2 ?? NaN, y2 ?? NaN];
  }
  return judgePrediction(asDomain, box);
}

const detail = {
  img_path: "./data/images/app/shot.png",
  group: "Dev",
  platform: "windows",
  application: "app",
  lang: "en",
  instruction_style: "instruction",
  prompt_to_evaluate: "click ok",
  gt_type: "positive",
  ui_type: "text",
  task_filename: "app_windows",
  pred: [15, 15],
  raw_response: "(15,15)",
  bbox: [10, 10, 20, 20],
  correctness: "correct",
};

describePublic("groundingResultsParser on the public results files", () => {
  it("reads all 60 details of the Qwen2-VL ScreenSpot-Pro sample and reproduces every label", async () => {
    const items = await collect(groundingResultsParser.parse(fixture("screenspot-pro-results/qwen2vl-sample.json", "qwen2-vl")));
    expect(rejectionsOf(items)).toEqual([]);
    const predictions = predictionsOf(items);
    expect(predictions).toHaveLength(60);
    expect(predictions.map((p) => p.location.line)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(predictions.map((p) => p.model))).toEqual(new Set(["qwen2-vl"]));

    const byLabel = (label: string) => predictions.filter((p) => p.fileLabel === label);
    expect(byLabel("correct")).toHaveLength(10);
    expect(byLabel("wrong")).toHaveLength(40);
    expect(byLabel("wrong_format")).toHaveLength(10);
    expect(predictions.filter((p) => p.prediction.kind === "wrong_format")).toEqual(byLabel("wrong_format"));

    const judged = predictions.filter((p) => p.fileLabel !== "wrong_format");
    expect(judged).toHaveLength(50);
    for (const record of judged) expect(judge(record)).toBe(record.fileLabel);

    const [first] = predictions;
    expect(first?.rawOutput).toMatch(/^<\|object_ref_start\|>/);
    expect(first?.sample).toMatchObject({
      type: "sample",
      sourceDataset: "screenspot-pro",
      imageRef: "./data/ScreenSpot-Pro/images/quartus_windows/screenshot_2024-11-02_18-51-40.png",
      instruction: "Restore Archived Project",
      language: "en",
      platform: "windows",
      app: "quartus",
      uiType: "text",
      target: { kind: "box", raw: [103, 200, 455, 223] },
      extra: { group: "Dev", instruction_style: "instruction", task_filename: "quartus_windows", gt_type: "positive" },
      location: { file: "screenspot-pro-results/qwen2vl-sample.json", line: 1 },
    });
    expect(first?.prediction).toEqual({ kind: "point", raw: [345.6, 205.20000000000002], contract: { format: "xyxy", unit: "px" } });
  });

  it("reads the UI-Venus result fixture, whose raw_response is a list", async () => {
    const items = await collect(groundingResultsParser.parse(fixture("ui-venus/grounding_result_format.json", "ui-venus-7b")));
    expect(rejectionsOf(items)).toEqual([]);
    const [record, ...rest] = predictionsOf(items);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({
      model: "ui-venus-7b",
      rawOutput: '["[1748,415,1769,430]"]',
      fileLabel: "correct",
      prediction: { kind: "point", raw: [1435.5102040816325, 339.5089285714286] },
      sample: {
        imageRef: "osworld/0FOB4CLBT2.png",
        instruction: "Open the filter function for search settings.",
        platform: null,
        app: null,
        uiType: null,
        target: { kind: "box", raw: [1422, 326, 1449, 354] },
      },
    });
    if (!record) throw new Error("no record");
    expect(judge(record)).toBe("correct");
  });
});

describe("groundingResultsParser", () => {
  it("refuses a file that names no model unless the import names one, and never takes the file name", async () => {
    const dir = await tempDir();
    await writeScreenSpotProResults(`${dir}/runA/results.json`);
    const bare = await collect(groundingResultsParser.parse({ root: dir, file: "runA/results.json" }));
    expect(bare).toEqual([{ type: "rejected", location: { file: "runA/results.json", line: null }, reason: expect.stringMatching(/names no model.*--model/) }]);

    const named = await collect(groundingResultsParser.parse({ root: dir, file: "runA/results.json", model: "Qwen2-VL-7B" }));
    expect(new Set(predictionsOf(named).map((p) => p.model))).toEqual(new Set(["Qwen2-VL-7B"]));
  });

  it("makes the file an evaluation run, first, with its metrics block, and files every answer under it", async () => {
    const dir = await tempDir();
    const details = await writeScreenSpotProResults(`${dir}/results.json`, { model: "uground-7b" });
    const items = await collect(groundingResultsParser.parse({ root: dir, file: "results.json" }));
    const [run] = runsOf(items);
    expect(items[0]).toBe(run);
    expect(run).toMatchObject({ name: "uground-7b · results", benchmark: "screenspot-pro", model: "uground-7b", meta: { kind: "grounding-results", file: "results.json" } });
    expect((run!.meta!.metrics as { overall: { num_total: number } }).overall.num_total).toBe(details.length);
    expect(predictionsOf(items).every((p) => p.runName === run!.name)).toBe(true);
  });

  it("keeps a detail's fields that have no column as the prediction's extra", async () => {
    const withExtra = JSON.stringify({ ...detail, latency_ms: 812, ops: ["click"] }).replace(/}$/, ',"__proto__":{"polluted":true}}');
    const input = await tempFile("run.json", `{"model": "m", "details": [${withExtra}]}`);
    const [prediction] = predictionsOf(await collect(groundingResultsParser.parse(input)));
    expect(prediction?.extra).toEqual({ latency_ms: 812, ops: ["click"] });
  });

  it("reads refusals, wrong formats and a top-level model name", async () => {
    const negative = { ...detail, gt_type: "negative", bbox: undefined };
    const input = await tempFile("run.json", {
      model_name: "ui-venus-7b",
      details: [
        { ...negative, pred: null, correctness: "correct", raw_response: { result: "negative" } },
        { ...negative, pred: [5, 5], correctness: "wrong" },
        { ...detail, pred: [-1, -1], correctness: "wrong" },
        { ...detail, pred: "nonsense", correctness: "wrong_format" },
        { ...detail, pred: [1, 2, 3], correctness: "wrong" },
        { ...detail, pred: [15, 15], correctness: "wrong_format" },
        { ...detail, raw_response: null },
      ],
      metrics: { overall: { action_acc: 0.5 } },
    });
    const items = await collect(groundingResultsParser.parse(input));
    expect(rejectionsOf(items)).toEqual([]);
    const predictions = predictionsOf(items);
    expect(predictions.map((p) => p.model)).toEqual(Array(7).fill("ui-venus-7b"));
    expect(predictions.map((p) => p.prediction.kind)).toEqual([
      "refusal",
      "point",
      "refusal",
      "wrong_format",
      "wrong_format",
      "wrong_format",
      "point",
    ]);
    expect(fullSample(predictions[0]).target).toEqual({ kind: "absent" });
    expect(predictions[0]?.rawOutput).toBe('{"result":"negative"}');
    expect(predictions[6]?.rawOutput).toBeNull();
    // Recomputed: the answered refusal is correct, a point on a refusal sample is wrong.
    expect(predictions.slice(0, 3).map(judge)).toEqual(["correct", "wrong", "wrong"]);
    // One sample answered twice keys alike; the answer is not part of the sample's id.
    expect(predictions[2]?.sample.sourceId).toBe(predictions[3]?.sample.sourceId);
    expect(predictions[2]?.sample.sourceId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("rejects a malformed detail and keeps reading, and reports a truncated details array", async () => {
    const good = JSON.stringify(detail);
    const bad = JSON.stringify({ ...detail, bbox: [1, 2, 3] });
    const noImage = JSON.stringify({ ...detail, img_path: undefined });
    const text = `{"details": [${good}, ${bad}, ${noImage}, ${good}, {"img_path": "x.png", "pred": [1,`;
    const items = await collect(groundingResultsParser.parse(await tempFile("cut.json", text, "m")));
    expect(predictionsOf(items).map((p) => p.location.line)).toEqual([1, 4]);
    expect(rejectionsOf(items).map((r) => [r.location, r.reason])).toEqual([
      [{ file: "cut.json", line: 2 }, "bbox: expected 4 numbers, got 3"],
      [{ file: "cut.json", line: 3 }, "img_path: required (or img_filename)"],
      [{ file: "cut.json", line: 5 }, expect.stringContaining("element 5 (4 records read before it)")],
    ]);
  });

  it("rejects a results file without details", async () => {
    const items = await collect(groundingResultsParser.parse(await tempFile("m.json", { metrics: {} }, "m")));
    expect(items.filter((i) => i.type !== "run")).toEqual([{ type: "rejected", location: { file: "m.json", line: null }, reason: 'no "details" array in the file' }]);
  });
});
