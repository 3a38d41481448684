import { describe, expect, it } from "vitest";
import { changeLines, type ChangeLine } from "@/lib/exports/ledger/snapshot-rows";

// changes.jsonl is read by whoever syncs a pool: its lines must stay JSON.stringify of a
// ChangeLine, key order included, whatever the ids and file names hold.
describe("changeLines", () => {
  it("writes each change as JSON.stringify writes its ChangeLine, across runs of file names", () => {
    const page = [
      { file: "gold.jsonl", rowKey: "s1" },
      { file: "gold.jsonl", rowKey: 'say "hi" \\ é\u2028\u0001' },
      { file: "rewrite.jsonl", rowKey: "s3" },
      { file: 'odd "name".jsonl', rowKey: "\ud83d\ude00" },
      { file: "gold.jsonl", rowKey: "s9" },
    ];
    for (const change of ["added", "updated", "removed"] as const) {
      const expected = page.map((r) => `${JSON.stringify({ change, file: r.file, id: r.rowKey } satisfies ChangeLine)}\n`).join("");
      expect(changeLines(change, page)).toBe(expected);
    }
    expect(changeLines("added", [])).toBe("");
  });
});
