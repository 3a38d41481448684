// Verity JSONL `annotation` lines as the parser reads them: the annotator's e-mail (in any
// case) names them, `box: null` is target absent and no box a draft's missing one, the status
// defaults to submitted, a box is kept in its line's contract for the writer to convert,
// fields of the other kind of label are refused, unknown fields kept.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verityJsonlParser } from "@/lib/imports/formats/verity/verity-jsonl";
import type { AnnotationRecord, ParsedItem } from "@/lib/imports/records";
import { tempDir } from "../../../support/import-fixtures";

async function parse(lines: object[]) {
  const root = await tempDir();
  await writeFile(path.join(root, "labels.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  const input = { root, file: "labels.jsonl" };
  const items: ParsedItem[] = [];
  for await (const item of verityJsonlParser.parse(input)) items.push(item);
  return { detected: await verityJsonlParser.detect(input), items };
}

const base = { type: "annotation", annotator: "Ann@Example.COM" };

describe("Verity JSONL annotation lines", () => {
  it("reads sample labels: a box in its contract, a refusal, a draft without a box", async () => {
    const { detected, items } = await parse([
      { ...base, target: { sample: "s1" }, status: "verified", box: [100, 100, 500, 400], coords: "xyxy:0-1000", quality_score: 8, instruction_rewrite: " Tap the blue Save button ", reviewer_mood: "fine" },
      { ...base, target: { sample: "s2" }, box: null },
      { ...base, dataset: "screens", target: { sample: "s3" }, status: "draft" },
    ]);
    expect(detected).toBe(true);
    const [a, b, c] = items as AnnotationRecord[];
    expect(a).toMatchObject({
      type: "annotation",
      annotator: { source: "email", name: "ann@example.com" },
      target: { kind: "sample", sourceDataset: "verity", sourceId: "s1" },
      status: "verified",
      label: { kind: "sample", targetAbsent: false, box: { raw: [100, 100, 500, 400], contract: { format: "xyxy", unit: "0-1000" } }, qualityScore: 8, instructionRewrite: "Tap the blue Save button" },
      extra: { reviewer_mood: "fine" },
      location: { file: "labels.jsonl", line: 1 },
    });
    expect(b).toMatchObject({ status: "submitted", label: { targetAbsent: true, box: null } });
    expect(c).toMatchObject({ status: "draft", target: { sourceDataset: "screens" }, label: { targetAbsent: false, box: null } });
  });

  it("reads trajectory labels with step labels, and the time they were made", async () => {
    const { items } = await parse([
      { ...base, target: { trajectory: "t1" }, trace_verdict: "failure", first_wrong_step: 2, note: "misses the toggle", submitted_at: "2025-03-01T10:00:00+01:00", steps: [{ step: 0, label: "correct" }, { step: 2, label: "incorrect", error_kind: "wrong_element", corrected_action: { type: "click", x: 40, y: 50 } }] },
    ]);
    expect(items[0]).toMatchObject({
      target: { kind: "trajectory", sourceId: "t1" },
      label: { kind: "trajectory", traceVerdict: "failure", firstWrongStep: 2, note: "misses the toggle", steps: [{ stepIndex: 0, label: "correct" }, { stepIndex: 2, label: "incorrect", errorKind: "wrong_element", correctedAction: { type: "click", x: 40, y: 50 } }] },
    });
    expect((items[0] as AnnotationRecord).submittedAt?.toISOString()).toBe("2025-03-01T09:00:00.000Z");
  });

  it("refuses what is not a label of its target, and what is not a label at all", async () => {
    const { items } = await parse([
      { ...base, target: { trajectory: "t1" }, box: [1, 2, 3, 4], trace_verdict: "success" },
      { ...base, target: { sample: "s1" }, steps: [], box: null },
      { ...base, annotator: "not an address", target: { sample: "s1" }, box: null },
      { ...base, target: { sample: "s1", trajectory: "t1" }, box: null },
      { ...base, target: { sample: "s1" }, status: "accepted", box: null },
      { ...base, target: { trajectory: "t1" }, steps: [{ step: 0, label: "ok" }] },
    ]);
    expect(items.map((i) => (i.type === "rejected" ? [i.location.line, i.reason] : i.type))).toEqual([
      [1, "box: not a field of a trajectory label"],
      [2, "steps: not a field of a sample label"],
      [3, expect.stringMatching(/^annotator: /)],
      [4, expect.stringMatching(/^target: /)],
      [5, expect.stringMatching(/^status: /)],
      [6, expect.stringMatching(/^steps\.0\.label: /)],
    ]);
  });
});
