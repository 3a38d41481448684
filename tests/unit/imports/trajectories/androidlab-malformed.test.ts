// Broken AndroidLab inputs (built in a temp dir): every problem is reported with its file, line
// and reason, or noted on its step, and everything else still imports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { androidLabParser } from "@/lib/imports/formats/trajectories/androidlab";
import type { ParsedItem } from "@/lib/imports/records";
import { collect, PNG, rejections, removeTree, runs, tempTree, trajectories } from "./helpers";

const RUN = "run-a";
const EP = "app_1_2024-01-01_00-00-00";
const EP_DIR = `logs/evaluation/${RUN}/${EP}`;
const TRACE = `${EP_DIR}/traces/trace.jsonl`;
const RESULTS = `outputs/${RUN}_2024-01-01-01-00-00/results.jsonl`;

const line = (index: number, parsedAction: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    trace_id: EP,
    index,
    prompt: index === 0 ? "You should use Demo to complete the following task: Do it" : "** XML **",
    image: `./logs/evaluation/elsewhere/${EP}/Screen/screenshot-${index}-1.5-before.png`,
    xml: `./logs/evaluation/elsewhere/${EP}/xml/${index}.xml`,
    ac_xml: null,
    current_activity: "com.demo",
    window: [100, 200],
    target: "You should use Demo to complete the following task: Do it",
    parsed_action: parsedAction,
    current_response: `## Round ${index}\n* Analysis: step ${index}\n* Operation:\n\n\`\`\`\nx\n\`\`\``,
    ...extra,
  });

const tap = { operation: "do", action: "Tap", kwargs: { element: [10, 10, 30, 50] } };
const withoutImage = JSON.parse(line(3, tap)) as Record<string, unknown>;
delete withoutImage.image;

const TRACE_LINES = [
  line(0, tap), // 1: fine
  line(1, { operation: "do", action: "Fly", kwargs: {} }), // 2: unknown action
  line(2, { weird: true }), // 3: parsed_action of an unknown shape
  JSON.stringify(withoutImage), // 4: a line without its screenshot field
  line(4, { operation: "do", action: "Press Back" }), // 5: its screenshot file is missing
  line(5, { operation: "do", action: "Press Back" }), // 6: the same action again
  line(6, null, { xml: "ERROR" }), // 7: no action, failed XML dump
  line(7, tap).slice(0, 60), // 8: truncated by a killed writer
];

let root: string;
let items: ParsedItem[];

beforeAll(async () => {
  const screens = Object.fromEntries(
    [0, 1, 2, 3, 5, 6].map((i) => [`${EP_DIR}/Screen/screenshot-${i}-1.5-before.png`, PNG]),
  );
  const xmls = Object.fromEntries([0, 1, 2, 4, 5].map((i) => [`${EP_DIR}/xml/${i}.xml`, "<hierarchy/>"]));
  root = await tempTree({
    [TRACE]: TRACE_LINES.join("\n") + "\n",
    ...screens,
    ...xmls,
    // An episode folder whose trace was never written.
    [`logs/evaluation/${RUN}/app_2_2024-01-01_00-10-00/Screen/screenshot-0-1.0-before.png`]: PNG,
    // Two episodes of one task: the evaluator kept one of them arbitrarily.
    [`logs/evaluation/${RUN}/app_3_2024-01-01_00-20-00/traces/trace.jsonl`]: line(0, tap) + "\n",
    [`logs/evaluation/${RUN}/app_3_2024-01-01_00-30-00/traces/trace.jsonl`]: line(0, tap) + "\n",
    [RESULTS]: [
      JSON.stringify({ task_id: "app_1", task: "Do it", metric_type: "operation", result: { judge_page: true, "1": true, complete: true }, RRR: null, reasonable_operation_ratio: 1 }),
      JSON.stringify({ task_id: "app_3", task: "Do it", metric_type: "operation", result: { complete: false }, RRR: null, reasonable_operation_ratio: 1 }),
      JSON.stringify({ task_id: "app_9", task: "Other", metric_type: "query_detect", result: { judge_page: true, "1": false, complete: false }, RRR: null, reasonable_operation_ratio: 1 }),
      JSON.stringify({ task_id: "app_4", metric_type: "operation" }),
    ].join("\n"),
    [`outputs/${RUN}_2024-01-01-01-00-00/total.jsonl`]: JSON.stringify({ App: "app", Total: 3, Complete_Correct: 1 }),
  });
  items = await collect(androidLabParser.parse({ root, file: null }));
});

afterAll(async () => {
  await removeTree(root);
});

describe("androidlab parser on broken input", () => {
  it("rejects the unreadable trace lines with file, line and a reason naming the problem", () => {
    const traceRejections = rejections(items).filter((r) => r.location.file === TRACE);
    expect(traceRejections.map((r) => r.location.line)).toEqual([4, 8]);
    expect(traceRejections[0]!.reason).toMatch(/field "image"/);
    expect(traceRejections[1]!.reason).toMatch(/not valid JSON/);
  });

  it("imports the other lines of that episode, noting what is wrong on each step", () => {
    const episode = trajectories(items).find((t) => t.groupKey === "app_1")!;
    expect(episode.steps).toHaveLength(6);
    expect(episode.extra).toMatchObject({ skippedTraceLines: [4, 8] });
    const [ok, unknown, odd, missingShot, repeated, none] = episode.steps;
    expect(ok!.action).toEqual({ type: "click", x: 20, y: 30, element: [10, 10, 30, 50] });
    expect(ok!.note).toBeNull();
    expect(unknown!.action).toBeNull();
    expect(unknown!.note).toBe('unknown AndroidLab action "Fly"');
    expect(odd!.action).toBeNull();
    expect(odd!.note).toMatch(/parsed_action has an unknown shape/);
    expect(missingShot!.action).toEqual({ type: "back" });
    expect(missingShot!.imageRef).toBe(`${EP_DIR}/Screen/screenshot-4-1.5-before.png`);
    expect(missingShot!.note).toBe("screenshot Screen/screenshot-4-1.5-before.png is missing");
    expect(repeated!.isRepeated).toBe(true);
    expect(repeated!.note).toMatch(/same parsed_action as the previous step/);
    expect(none!.action).toBeNull();
    expect(none!.note).toMatch(/parsed_action is null.*XML dump failed/);
    expect(none!.uiTreeRef).toBeNull();
    // No compressed files in this episode: the steps have a dump and no agent view.
    expect(none!.agentTreeRef).toBeNull();
    expect(missingShot!.agentTreeRef ?? null).toBeNull();
    expect(episode.invalidActionCount).toBe(3);
    expect(episode.agentClaimedFinish).toBe(false);
    expect(episode.autoOutcome).toBe(true);
    expect(ok!.thought).toBe("step 0");
  });

  it("reports an episode folder without a trace", () => {
    expect(rejections(items)).toContainEqual({
      type: "rejected",
      location: { file: `logs/evaluation/${RUN}/app_2_2024-01-01_00-10-00`, line: null },
      reason: expect.stringMatching(/no traces\/trace\.jsonl/),
    });
  });

  it("does not credit either of two episodes of one task with the single verdict", () => {
    const twins = trajectories(items).filter((t) => t.groupKey === "app_3");
    expect(twins).toHaveLength(2);
    expect(twins.every((t) => t.verdicts.length === 0 && t.autoOutcome === null)).toBe(true);
    expect(rejections(items)).toContainEqual({
      type: "rejected",
      location: { file: RESULTS, line: 2 },
      reason: expect.stringMatching(/matches 2 episode directories/),
    });
  });

  it("reports results lines that match no episode or lack fields", () => {
    const resultRejections = rejections(items).filter((r) => r.location.file === RESULTS);
    expect(resultRejections.map((r) => r.location.line).sort()).toEqual([2, 3, 4]);
    expect(resultRejections.find((r) => r.location.line === 3)!.reason).toMatch(/"app_9" has no episode directory/);
    expect(resultRejections.find((r) => r.location.line === 4)!.reason).toMatch(/field "result"/);
    expect(runs(items)[0]!.meta).toMatchObject({ total: [{ App: "app", Complete_Correct: 1 }] });
  });
});
