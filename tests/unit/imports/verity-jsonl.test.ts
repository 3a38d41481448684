// Verity JSONL as a person writes it: detected whatever the length of the first line and the
// place of its "type"; a line's `coords` names its coordinate contract; fields beyond the
// schema are kept in `extra`; a verdict on a step is a verdict on that step.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verityJsonlParser } from "@/lib/imports/formats/verity/verity-jsonl";
import type { ParsedItem, PredictionRecord, SampleRecord, TrajectoryRecord, VerdictLine } from "@/lib/imports/records";
import { tempDir } from "../../support/import-fixtures";

async function parse(lines: (object | string)[]) {
  const root = await tempDir();
  await writeFile(path.join(root, "r.jsonl"), lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  const input = { root, file: "r.jsonl" };
  const items: ParsedItem[] = [];
  for await (const item of verityJsonlParser.parse(input)) items.push(item);
  return { input, items };
}

const sample = { type: "sample", id: "s1", image: null, image_size: [1080, 1920], instruction: "Tap OK", box: [10, 20, 30, 40] };

describe("Verity JSONL", () => {
  it("is detected when the first line is long and its type comes last", async () => {
    const steps = Array.from({ length: 200 }, () => ({ image: null, action: { type: "wait", seconds: 1 }, thought: "x".repeat(50) }));
    const { input } = await parse([{ id: "t1", goal: "g", steps, type: "trajectory" }]);
    expect(await verityJsonlParser.detect(input)).toBe(true);
    const other = await parse([{ img_filename: "a.png", bbox: [1, 2, 3, 4], instruction: "x", data_type: "icon" }]);
    expect(await verityJsonlParser.detect(other.input)).toBe(false);
  });

  it("reads a line's coords as its contract", async () => {
    const { items } = await parse([{ ...sample, box: [0.1, 0.2, 0.35, 0.25], coords: "xyxy:0-1" }, { ...sample, id: "s2", box: [100, 100, 50, 20], coords: "xywh:0-1000" }]);
    const [a, b] = items as SampleRecord[];
    expect(a!.target).toEqual({ kind: "box", raw: [0.1, 0.2, 0.35, 0.25], contract: { format: "xyxy", unit: "0-1" } });
    expect(b!.target).toEqual({ kind: "box", raw: [100, 100, 50, 20], contract: { format: "xywh", unit: "0-1000" } });
    const bad = await parse([{ ...sample, coords: "pixels" }]);
    expect(bad.items[0]).toMatchObject({ type: "rejected", reason: expect.stringMatching(/^coords: /) });
  });

  it("keeps unknown fields and the line's own extra, on samples, predictions, trajectories and steps", async () => {
    const { items } = await parse([
      { ...sample, extra: { source: "crowd" }, meta: { batch: 7 }, __proto__: null },
      { type: "prediction", sample: "s1", model: "m", point: [15, 25], latency: 3 },
      { type: "trajectory", id: "t1", goal: "g", steps: [{ image: null, action: null, code: "pyautogui.click(1, 2)", observation: "[1]: button" }], episode_meta: { seed: 3 } },
    ]);
    const [s, p, t] = items as [SampleRecord, PredictionRecord, TrajectoryRecord];
    expect(s.extra).toEqual({ meta: { batch: 7 }, source: "crowd" });
    expect(p.extra).toEqual({ latency: 3 });
    expect(t.extra).toEqual({ episode_meta: { seed: 3 } });
    expect(t.steps[0]).toMatchObject({ extra: { code: "pyautogui.click(1, 2)" }, observation: "[1]: button" });
  });

  it("targets a verdict line at the step it names, not at the trajectory", async () => {
    const verdict = { type: "verdict", kind: "mllm", judge: "j", metric: "step_score", value: 7 };
    const { items } = await parse([
      { ...verdict, target: { trajectory: "t1", step: 1 } },
      { ...verdict, target: { trajectory: "t1" } },
      { ...verdict, target: { trajectory: "t1", step: 1, extra: true } },
    ]);
    expect((items[0] as VerdictLine).target).toEqual({ kind: "step", sourceDataset: "verity", sourceId: "t1", stepIndex: 1 });
    expect((items[1] as VerdictLine).target).toEqual({ kind: "trajectory", sourceDataset: "verity", sourceId: "t1" });
    expect(items[2]).toMatchObject({ type: "rejected" });
  });
});
