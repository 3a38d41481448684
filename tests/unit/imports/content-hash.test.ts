// A stored sample keeps the content hash of the record it came from; a re-import compares it
// to the record's hash now, so the hash of a record must never change between versions, or
// every sample of every project would be reported changed and marked stale on its next
// re-import. The hashes below were computed by the first version (JSON.stringify of a copy
// with sorted keys) and are pinned; the generated cases compare with that formula.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentHash } from "@/lib/domain/content-hash";
import { generatedJson } from "../../support/generated-json";

function firstVersion(record: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.keys(value)
          .filter((k) => k !== "location")
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash("sha256").update(JSON.stringify(canonical(record))).digest("hex");
}

const SAMPLE = {
  type: "sample", sourceDataset: "screenspot-pro", sourceId: "pro-1", imageRef: "a.png", imageSize: { width: 3840, height: 2160 },
  instruction: 'Open "menu" \u00e9\u4e2d', target: { kind: "box", box: [1.5, 2, 3e-7, 1e21] },
  extra: { z: 1, a: [null, true, { location: 1, b: "x" }], __proto__x: 2 }, location: { file: "f", line: 3 }, language: undefined, n: -0,
};
// Keys that are array indices ("9", "10") come first in numeric order in a JS object, whatever the sort.
const INDEX_KEYS = { b: [1, [2, [3]]], a: { d: null, c: "\u2028\n\t\\" }, "é": 1, Z: 2, "10": 3, "9": 4 };

describe("content hash of an imported record", () => {
  it("is the hash earlier versions stored", () => {
    expect(contentHash(SAMPLE)).toBe("d00c16b3b86da407fca2cf92576c5c0ad1499c31f71a59c2792fd02b3f0c17fc");
    expect(contentHash(INDEX_KEYS)).toBe("e608ab13c5ad075348fba8809705cfeed09095acef2ceb8789c31ad2f01edbb9");
  });

  it("ignores key order and the record's location, at every depth", () => {
    expect(contentHash({ a: 1, b: { c: 2, d: [3] }, location: { line: 1 } })).toBe(contentHash({ b: { d: [3], c: 2, location: 9 }, a: 1, location: { line: 2 } }));
  });

  it("prints numbers, strings and shapes as the first version did", () => {
    const numbers = { n: [NaN, Infinity, -Infinity, -0, 1e21, 1e-7, 5e-324, 0.1 + 0.2, 2 ** 53 + 2] };
    const strings = { s: ['"', "\\", "\u0000", "\u001f", "\u007f", "\u2028", "\ud83d\ude00", "\ud800", "x\udc00y", "é中"] };
    for (const record of [numbers, strings]) expect(contentHash(record)).toBe(firstVersion(record));
    // Records of one shape and then another, in any order: the kept key orders never mix them up.
    const shapes = [{ b: 1, a: 2 }, { a: 1, b: 2, c: 3 }, { c: 1, b: 2 }, { b: 1, a: 2 }, { "2": 1, "10": 2, a: 3 }];
    for (let i = 0; i < 100; i++) for (const record of shapes) expect(contentHash({ ...record, i })).toBe(firstVersion({ ...record, i }));
  });

  it("agrees with the first version on generated records", () => {
    const value = generatedJson(7, ["a", "B", "é", "0", "7", "12", "x_1", "location", "__proto__", "-1", "01", "4294967295", "中"]);
    for (let i = 0; i < 500; i++) {
      const record = { location: { file: "f", line: i }, v: value(0), w: value(1) };
      expect(contentHash(record)).toBe(firstVersion(record));
    }
  });
});
