// AgentRewardBench's annotations.csv as its repository writes it (header and values of
// McGill-NLP/agent-reward-bench @ ea58fb5, agent_reward_bench/data/annotations.csv: CRLF on
// every line, " H" with a leading space at lines 768-770, "Unsure" at line 1046): detected by
// its header, one label per row with its line, the first label of a trajectory verified and
// later ones submitted, names trimmed, and every row it cannot read refused where it is.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentRewardBenchParser } from "@/lib/imports/formats/labels/agentrewardbench";
import { mapArbRow, traceVerdictOf, type ArbRow } from "@/lib/imports/formats/labels/agentrewardbench-row";
import type { AnnotationRecord, ParsedItem } from "@/lib/imports/records";
import { tempDir } from "../../../support/import-fixtures";
import { ANNOTATIONS_CSV, annotationsCsv, ARB_AGENTS, ARB_LINES, ARB_ROWS } from "../../../support/import-fixtures/agentrewardbench";

async function parse(text: string, name = "annotations.csv") {
  const root = await tempDir();
  await writeFile(path.join(root, name), text);
  const input = { root, file: name };
  const items: ParsedItem[] = [];
  if (await agentRewardBenchParser.detect(input)) for await (const item of agentRewardBenchParser.parse(input)) items.push(item);
  return { input, items, detected: items.length > 0 };
}

const row = (over: Partial<ArbRow> = {}): ArbRow => ({
  annotator_name: "A",
  benchmark: "webarena",
  task_id: "webarena.177",
  model_name: ARB_AGENTS.qwen,
  exp_name: `${ARB_AGENTS.qwen}_on_webarena`,
  trajectory_success: "Unsuccessful",
  trajectory_side_effect: "No",
  trajectory_optimality: "2. Suboptimal",
  trajectory_looping: "No",
  ...over,
});
const at = { file: "annotations.csv", line: 2 };

describe("AgentRewardBench annotations", () => {
  it("maps success as the benchmark reads it, and keeps the other judgements", () => {
    expect(["Successful", "Unsuccessful", "Unsure", " successful ", "Unsuccesful", "'Yes'"].map(traceVerdictOf)).toEqual(["success", "failure", "unsure", "success", "failure", "success"]);
    const label = mapArbRow(row({ annotator_name: " H" }), at, true) as AnnotationRecord;
    expect(label).toMatchObject({
      annotator: { source: "agentrewardbench", name: "H" },
      target: { kind: "agentlab_task", agentName: ARB_AGENTS.qwen, taskName: "webarena.177" },
      status: "verified",
      label: { kind: "trajectory", traceVerdict: "failure", steps: [], note: "AgentRewardBench: side effect No · optimality 2. Suboptimal · looping No" },
      extra: { agentRewardBench: { annotator: "primary", sideEffect: "No", optimality: "2. Suboptimal", looping: "No", expName: `${ARB_AGENTS.qwen}_on_webarena` } },
    });
    expect(mapArbRow(row(), at, false)).toMatchObject({ status: "submitted", extra: { agentRewardBench: { annotator: "secondary" } } });
  });

  it("refuses rows it cannot take at their word", () => {
    expect(mapArbRow(row({ trajectory_success: "Maybe" }), at, true)).toEqual({ type: "rejected", location: at, reason: 'trajectory_success "Maybe" is none of Successful, Unsuccessful, Unsure' });
    expect(mapArbRow(row({ annotator_name: "  " }), at, true)).toMatchObject({ type: "rejected", reason: "annotator_name is empty" });
    expect(mapArbRow(row({ benchmark: "workarena" }), at, true)).toMatchObject({ type: "rejected", reason: 'task_id "webarena.177" is not a task of benchmark "workarena"' });
  });

  it("reads the generated file in the real layout: one label per row, first labels verified, the line of each", async () => {
    const { items, detected } = await parse(annotationsCsv());
    expect(detected).toBe(true);
    expect(items).toHaveLength(ARB_ROWS.length);
    const labels = items.filter((i): i is AnnotationRecord => i.type === "annotation");
    // The label of the run that was not imported is the first of its trajectory too (refused when written).
    expect(labels.filter((l) => l.status === "verified")).toHaveLength(ARB_LINES.primaries + 1);
    expect(labels.filter((l) => l.status === "submitted")).toHaveLength(ARB_LINES.secondaries);
    // " H" (line 9 here, as in the real file's lines 768-770) is H, and their labels are second opinions.
    const h = labels.filter((l) => l.annotator.name === "H");
    expect(h.map((l) => [l.location.line, l.status])).toEqual([[9, "submitted"], [10, "submitted"], [11, "submitted"]]);
    expect(labels.find((l) => l.location.line === 8)).toMatchObject({ annotator: { name: "A" }, label: { traceVerdict: "unsure" }, status: "verified" });
    expect(ANNOTATIONS_CSV).toBe("agent_reward_bench/data/annotations.csv");
  });

  it("refuses rows with more or fewer fields than the header, and says where CSV stops being readable", async () => {
    const header = annotationsCsv([]).trimEnd();
    const good = ARB_ROWS[0]!;
    const text = [header, `${good},extra`, good.split(",").slice(0, 4).join(","), ARB_ROWS[1], `"${ARB_ROWS[2]}`, ARB_ROWS[3]].join("\r\n") + "\r\n";
    const { items } = await parse(`\uFEFF${text}`);
    expect(items.map((i) => [i.location.line, i.type === "rejected" ? i.reason : i.type])).toEqual([
      [2, "the row has 10 fields and the header 9"],
      [3, "the row has 4 fields and the header 9"],
      [4, "annotation"],
      [5, expect.stringMatching(/^not readable as CSV from here on: /)],
    ]);
  });

  it("is recognised by its header only", async () => {
    expect((await parse(annotationsCsv())).detected).toBe(true);
    expect((await parse("task_id,split\r\nwebarena.1,test\r\n", "splits.csv")).detected).toBe(false);
    expect((await parse(annotationsCsv(), "annotations.jsonl")).detected).toBe(false);
  });
});
