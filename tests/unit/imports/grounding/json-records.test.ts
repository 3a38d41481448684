import { describe, expect, it } from "vitest";
import { readJsonRecords, type JsonRecord } from "@/lib/imports/formats/grounding/json-records";
import type { Rejection } from "@/lib/imports/records";
import { collect, tempFile } from "./support";

const records = (items: (JsonRecord | Rejection)[]) => items.filter((i): i is JsonRecord => i.type === "record");
const rejections = (items: (JsonRecord | Rejection)[]) => items.filter((i): i is Rejection => i.type === "rejected");

describe("readJsonRecords", () => {
  it("streams a top-level array with line = index + 1", async () => {
    const input = await tempFile("a.json", [{ a: 1 }, { a: 2 }, 3]);
    const items = await collect(readJsonRecords(input));
    expect(items).toEqual([
      { type: "record", value: { a: 1 }, location: { file: "a.json", line: 1 } },
      { type: "record", value: { a: 2 }, location: { file: "a.json", line: 2 } },
      { type: "record", value: 3, location: { file: "a.json", line: 3 } },
    ]);
  });

  it("streams the array under a key of a top-level object, ignoring the other keys", async () => {
    const input = await tempFile("r.json", { metrics: { details: ["not me"] }, details: [{ n: 1 }, { n: 2 }], more: [9] });
    const items = await collect(readJsonRecords(input, { arrayKey: "details" }));
    expect(items.map((i) => (i.type === "record" ? [i.value, i.location.line] : i.reason))).toEqual([
      [{ n: 1 }, 1],
      [{ n: 2 }, 2],
    ]);
  });

  it("still reads a top-level array when a key is asked for", async () => {
    const input = await tempFile("r.json", [{ n: 1 }]);
    expect(records(await collect(readJsonRecords(input, { arrayKey: "details" })))).toHaveLength(1);
  });

  it("reads JSON Lines with real line numbers, rejecting a bad line and going on", async () => {
    const input = await tempFile("a.jsonl", '\uFEFF{"n":1}\n\n{"n":2}\r\n{"n":\n{"n":4}\n');
    const items = await collect(readJsonRecords(input));
    expect(records(items).map((r) => [r.value, r.location.line])).toEqual([
      [{ n: 1 }, 1],
      [{ n: 2 }, 3],
      [{ n: 4 }, 5],
    ]);
    expect(rejections(items)).toEqual([
      { type: "rejected", location: { file: "a.jsonl", line: 4 }, reason: expect.stringContaining("invalid JSON") },
    ]);
  });

  it("yields the good elements of a truncated array, then one rejection where it broke", async () => {
    const input = await tempFile("t.json", '[{"n":1},\n{"n":2},\n{"n":3, "bbox": [1, 2');
    const items = await collect(readJsonRecords(input));
    expect(records(items).map((r) => r.value)).toEqual([{ n: 1 }, { n: 2 }]);
    const [rejection, ...rest] = rejections(items);
    expect(rest).toEqual([]);
    expect(rejection?.location).toEqual({ file: "t.json", line: 3 });
    expect(rejection?.reason).toMatch(/element 3 \(2 records read before it\)/);
  });

  it("keeps every element around a corrupt one in the middle of a large file, and names the element", async () => {
    // ~3 MB: the bad element sits many read chunks in, after elements that end in its chunk.
    const elements = Array.from({ length: 30_000 }, (_, i) => JSON.stringify({ i, pad: "y".repeat(80) }));
    elements[21_001] = '{"i": 21001, oops}';
    const input = await tempFile("mid.json", `[${elements.join(",")}]`);
    const items = await collect(readJsonRecords(input));
    const good = records(items);
    // The scanner finds where the bad element ends, so the 7,998 after it are kept too.
    expect(good).toHaveLength(29_999);
    expect(good[21_000]?.value).toMatchObject({ i: 21_000 });
    expect(good[21_001]?.value).toMatchObject({ i: 21_002 });
    expect(good.every((r) => r.location.line === (r.value as { i: number }).i + 1)).toBe(true);
    expect(rejections(items)).toEqual([
      {
        type: "rejected",
        location: { file: "mid.json", line: 21_002 },
        reason: expect.stringContaining("element 21002 (21001 records read before it)"),
      },
    ]);
  });

  it("rejects garbage after a complete array without losing its records", async () => {
    const input = await tempFile("g.json", '[{"n":1}] trailing');
    const items = await collect(readJsonRecords(input));
    expect(records(items)).toHaveLength(1);
    expect(rejections(items)).toHaveLength(1);
  });

  it("gives one rejection for a file that is not JSON at all", async () => {
    const input = await tempFile("x.json", "hello, world\nnot json\n");
    expect(await collect(readJsonRecords(input))).toEqual([
      { type: "rejected", location: { file: "x.json", line: null }, reason: expect.stringContaining("not JSON") },
    ]);
  });

  it("gives one rejection for a pretty-printed object read as JSON Lines", async () => {
    const input = await tempFile("o.json", { a: 1, b: [1, 2] });
    const items = await collect(readJsonRecords(input));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: "rejected", location: { line: 1 }, reason: expect.stringContaining("not JSON Lines") });
  });

  it("rejects an empty file, a missing file, a missing key and a key that is not an array", async () => {
    const empty = await tempFile("e.json", "  \n");
    expect(rejections(await collect(readJsonRecords(empty)))[0]?.reason).toMatch(/empty/);
    expect(rejections(await collect(readJsonRecords({ root: empty.root, file: "nope.json" })))[0]?.reason).toMatch(
      /cannot read/,
    );
    const noKey = await tempFile("k.json", { metrics: {} });
    expect(await collect(readJsonRecords(noKey, { arrayKey: "details" }))).toEqual([
      { type: "rejected", location: { file: "k.json", line: null }, reason: 'no "details" array in the file' },
    ]);
    const notArray = await tempFile("n.json", { details: { a: 1 } });
    expect(await collect(readJsonRecords(notArray, { arrayKey: "details" }))).toEqual([
      { type: "rejected", location: { file: "n.json", line: null }, reason: '"details" is not an array' },
    ]);
  });

  it("keeps a __proto__ key as plain data (array and JSONL)", async () => {
    const array = await tempFile("p.json", '[{"__proto__": {"polluted": true}, "a": 1}]');
    const lines = await tempFile("p.jsonl", '{"__proto__": {"polluted": true}, "a": 1}\n');
    for (const input of [array, lines]) {
      const [record] = records(await collect(readJsonRecords(input)));
      expect(Object.getPrototypeOf(record?.value)).toBe(Object.prototype);
      expect(Object.keys(record?.value as object)).toEqual(["__proto__", "a"]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("streams a large array element by element", async () => {
    const count = 20_000;
    const body = Array.from({ length: count }, (_, i) => JSON.stringify({ i, pad: "x".repeat(50) })).join(",\n");
    const input = await tempFile("big.json", `[${body}]`);
    let seen = 0;
    for await (const item of readJsonRecords(input)) {
      if (item.type !== "record") throw new Error(item.reason);
      expect(item.location.line).toBe(seen + 1);
      seen += 1;
    }
    expect(seen).toBe(count);
  });

  it("reads every element as JSON.parse reads the whole file, with escapes and brackets inside strings across read chunks", async () => {
    // Strings full of what the scanner looks for (quotes, backslashes, brackets, commas), long
    // enough that many of them straddle the 256 KB chunks the file is read in; keys in an object
    // under a key the reader skips, nested arrays and primitives at the top level.
    const tricky = ['\\', '\"', '"]', "},{", "[[", "\\\\\"", "\u00e9\n", "中\ud83d\ude00", ",]"];
    const elements = Array.from({ length: 6_000 }, (_, i) => {
      const text = Array.from({ length: 1 + (i % 7) }, (_, j) => tricky[(i + j) % tricky.length]).join("x".repeat(i % 97));
      if (i % 5 === 0) return text;
      if (i % 11 === 0) return [i, [text, { "k]\"": text }], null];
      return { i, text, nested: { "a,b": [text, i % 2 === 0], "}": {} } };
    });
    const body = JSON.stringify({ skipped: { "[": elements.slice(0, 50) }, records: elements });
    expect(body.length).toBeGreaterThan(3 * 256 * 1024);
    const input = await tempFile("tricky.json", body);
    const items = await collect(readJsonRecords(input, { arrayKey: "records" }));
    expect(rejections(items)).toEqual([]);
    expect(records(items).map((r) => r.value)).toEqual(elements);
  });
});
