// The shipped reward, scored against every exported row: for each row its right answer (the
// row's own target: the maximum), and answers that are wrong in known ways (a refusal where
// there is a target, a point just outside the box, another action type, a verbose answer,
// garbage), each with the score the reward's documented rule gives. Run through each
// framework's own call (tests/support/reward-harness.py) and through the reward's self-test,
// which re-derives every grounding target from its pixel box with the exporter's rounding.
// Skipped, with one line saying so, when python3 is not on the machine.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";

export type RewardRow = { id: string; groundTruth: string; answer: string; dataSource?: string; extraInfo?: Record<string, unknown> };

const HARNESS = path.resolve("tests/support/reward-harness.py");

let python: boolean | null = null;
export function hasPython(): boolean {
  if (python === null) {
    python = spawnSync("python3", ["--version"]).status === 0;
    if (!python) console.log("reward self-test skipped: python3 is not on this machine");
  }
  return python;
}

type Truth = Record<string, unknown> & { task: string };

function groundingCases(truth: Truth, answer: string): [string, number][] {
  const cases: [string, number][] = [[answer, 2], ["no target here", 0]];
  const step = truth.convention === "norm1" ? 0.0001 : 1;
  if (truth.refusal) return [...cases, ["[0,0]", 1]];
  const box = truth.box as number[];
  const extent = truth.convention === "norm1" ? [1, 1] : truth.convention === "rel1000" ? [1000, 1000] : (truth.resized as number[]);
  cases.push(["[-1,-1]", 1]);
  const cx = (box[0]! + box[2]!) / 2;
  const cy = (box[1]! + box[3]!) / 2;
  cases.push([`The element is at [${cx},${cy}].`, 1]);
  const right = box[2]! + step;
  if (right <= extent[0]!) cases.push([`[${right},${cy}]`, 1]);
  else if (box[0]! - step >= 0) cases.push([`[${box[0]! - step},${cy}]`, 1]);
  return cases;
}

function navigationCases(truth: Truth, answer: string): [string, number][] {
  const action = truth.action as { type: string; point?: number[]; element?: number[] };
  const mobile = truth.syntax === "qwen-mobile-use";
  const call = (args: object) => `<tool_call>\n${JSON.stringify({ name: "mobile_use", arguments: args })}\n</tool_call>`;
  const wait = mobile ? call({ action: "wait" }) : "<action>Wait()</action>";
  const back = mobile ? call({ action: "system_button", button: "Back" }) : "<action>PressBack()</action>";
  const cases: [string, number][] = [[answer, 3], ["I would tap somewhere", 0], [action.type === "wait" ? back : wait, 1]];
  if (action.point && (action.type === "click" || action.type === "long_press")) {
    // Far from the point and outside any element box: the right type in the wrong place.
    const far = (v: number, extent: number) => (v > extent / 2 ? 0 : extent);
    const extent = truth.convention === "norm1" ? [1, 1] : truth.convention === "rel1000" ? [1000, 1000] : (truth.resized as number[]);
    const p = [far(action.point[0]!, extent[0]!), far(action.point[1]!, extent[1]!)];
    const name = action.type === "click" ? "Click" : "LongPress";
    cases.push([mobile ? call({ action: action.type, coordinate: p }) : `<action>${name}(box=(${p[0]},${p[1]}))</action>`, 2]);
  }
  return cases;
}

export function casesOf(groundTruth: string, answer: string): [string, number][] {
  const truth = JSON.parse(groundTruth) as Truth;
  return truth.task === "navigation" ? navigationCases(truth, answer) : groundingCases(truth, answer);
}

/** Scores every row through the framework's call and the self-test; asserts no mismatch. */
export function expectRewardScoresEveryRow(rewardFile: string, framework: "verl" | "easyr1" | "ms-swift", rows: RewardRow[]): void {
  expect(rows.length, "rows to score").toBeGreaterThan(0);
  if (!hasPython()) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-reward-cases-"));
  const harness = rows.flatMap((r) => casesOf(r.groundTruth, r.answer).map(([completion, expected], i) => ({ id: `${r.id}#${i}`, framework, completion, expected, ground_truth: r.groundTruth, data_source: r.dataSource ?? "verity", extra_info: r.extraInfo ?? {} })));
  writeFileSync(path.join(dir, "harness.jsonl"), harness.map((c) => JSON.stringify(c)).join("\n") + "\n");
  const run = spawnSync("python3", [HARNESS, rewardFile, path.join(dir, "harness.jsonl")], { encoding: "utf8" });
  expect(run.stdout + run.stderr, "the framework's call of the reward").toContain(`{"cases": ${harness.length}, "failures": 0}`);
  expect(run.status).toBe(0);
  const selfTest = rows.map((r) => ({ ground_truth: r.groundTruth, expect: casesOf(r.groundTruth, r.answer) }));
  writeFileSync(path.join(dir, "self-test.jsonl"), selfTest.map((c) => JSON.stringify(c)).join("\n") + "\n");
  const out = execFileSync("python3", [rewardFile, "--self-test", path.join(dir, "self-test.jsonl")], { encoding: "utf8" });
  expect(out).toContain(`${rows.length} rows, 0 failures`);
}
