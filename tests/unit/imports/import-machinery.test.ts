// The small pieces an import leans on: reading one key of a big JSON object, matching an
// image path to a reference by its tail, remembering the source ids already met, and
// retrying a write that failed.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTopLevelValue } from "@/lib/imports/formats/json-top-value";
import { isTailOf } from "@/lib/imports/image-files";
import { emptyFormatReport, reject } from "@/lib/imports/write/report";
import { createSeenKeys } from "@/lib/imports/write/seen-keys";
import { writeWithRetry } from "@/lib/imports/write/transactions";
import { tempDir } from "../../support/import-fixtures";

describe("readTopLevelValue", () => {
  it("reads the metrics after a details array, skipping strings that look like JSON", async () => {
    const file = path.join(await tempDir(), "r.json");
    await writeFile(file, `{"details": [{"a": "}, \\"metrics\\": 1"}, [1, {"metrics": 2}]], "metrics": {"overall": {"num_total": 2}}, "tail": true}`);
    expect(await readTopLevelValue(file, "metrics")).toEqual({ overall: { num_total: 2 } });
    expect(await readTopLevelValue(file, "tail")).toBe(true);
    expect(await readTopLevelValue(file, "absent")).toBeNull();
    await writeFile(file, "[1, 2]");
    expect(await readTopLevelValue(file, "metrics")).toBeNull();
  });
});

describe("isTailOf", () => {
  it("matches when one path is the end of the other, never on a shared name alone", () => {
    expect(isTailOf("images/excel_macos/shot.png", "./data/ScreenSpot-Pro/images/excel_macos/shot.png")).toBe(true);
    expect(isTailOf("shot.png", "a/shot.png")).toBe(true);
    expect(isTailOf("a/shot.png", "b/shot.png")).toBe(false);
    expect(isTailOf("excel_macos\\shot.png", "blender_windows/shot.png")).toBe(false);
  });
});

describe("createSeenKeys", () => {
  it("answers where a key was first met", () => {
    const seen = createSeenKeys();
    try {
      expect(seen.claim("s/7", { file: "a.json", line: 3 })).toBeNull();
      expect(seen.claim("s/8", { file: "a.json", line: 4 })).toBeNull();
      expect(seen.claim("s/7", { file: "b.json", line: 1 })).toEqual({ file: "a.json", line: 3 });
    } finally {
      seen.close();
    }
  });
});

describe("writeWithRetry", () => {
  it("retries a failed write with the report as it was before the attempt", async () => {
    const report = emptyFormatReport("x");
    let attempts = 0;
    await writeWithRetry([1, 2, 3], async (items) => {
      attempts += 1;
      report.unchanged += items.length;
      reject(report, { file: "f", line: attempts }, "half-done");
      if (attempts < 3) throw new Error("Transaction API error: the transaction expired");
    }, { report, locationOf: (n) => ({ file: "f", line: n }), pauses: [0, 0] });
    expect(attempts).toBe(3);
    expect(report.unchanged).toBe(3);
    expect(report.rejected).toEqual([{ file: "f", line: 3, reason: "half-done" }]);
  });

  it("splits a batch that keeps failing and rejects only the record that fails alone", async () => {
    const report = emptyFormatReport("x");
    const written: number[] = [];
    await writeWithRetry([1, 2, 3, 4, 5], async (items) => {
      if (items.includes(4)) throw new Error("Invalid `prisma.groundingSample.create()` invocation:\n\nvalue too long for column");
      written.push(...items);
    }, { report, locationOf: (n) => ({ file: "f.jsonl", line: n }), pauses: [0] });
    expect(written.sort()).toEqual([1, 2, 3, 5]);
    expect(report.rejected).toEqual([{ file: "f.jsonl", line: 4, reason: "could not be written after 2 attempts: value too long for column" }]);
  });
});
