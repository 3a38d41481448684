import { describe, expect, it } from "vitest";
import { canonicalJson } from "@/lib/domain/canonical-json";
import { generatedJson } from "../../support/generated-json";

// The first implementation, as it was written: every text must stay the one it wrote.
function firstVersion(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(firstVersion).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${firstVersion(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

// The texts below are what the first implementation (entries, filter, sort, map, join) wrote:
// answers compared and rows hashed with it must compare and hash the same now.
describe("canonicalJson", () => {
  it("sorts keys by code unit at every depth and leaves out null and undefined members", () => {
    const value = { b: 1, a: [3, null, { z: undefined, y: 'x\u00e9"\n', x: null }], c: { "10": true, "2": false, é: 0, "": -1.5 } };
    expect(canonicalJson(value)).toBe('{"a":[3,null,{"y":"xé\\"\\n"}],"b":1,"c":{"":-1.5,"10":true,"2":false,"é":0}}');
  });

  it("keeps null and undefined inside arrays as null, and empty containers as they are", () => {
    expect(canonicalJson([undefined, null, "", 0, false, [], {}])).toBe('[null,null,"",0,false,[],{}]');
    expect(canonicalJson({ only: null })).toBe("{}");
  });

  it("writes numbers, dates and scalars as JSON does", () => {
    expect(canonicalJson({ nested: { deeper: { list: [{ q: 1, p: 2 }], empty: {} } }, date: new Date(0), num: 1e21, neg: -0 })).toBe(
      '{"date":{},"neg":0,"nested":{"deeper":{"empty":{},"list":[{"p":2,"q":1}]}},"num":1e+21}',
    );
    expect([canonicalJson("just a string"), canonicalJson(42), canonicalJson(null), canonicalJson(undefined)]).toEqual(['"just a string"', "42", "null", "null"]);
  });

  it("does not depend on the order an object was built in", () => {
    expect(canonicalJson({ y: 1, x: { b: 2, a: 1 } })).toBe(canonicalJson({ x: { a: 1, b: 2 }, y: 1 }));
  });

  it("prints numbers and strings as the first version did", () => {
    const numbers = [NaN, Infinity, -Infinity, -0, 1e21, 1e-7, 5e-324, 0.1 + 0.2, 2 ** 53 + 2, 123456789012];
    const strings = ['"', "\\", "\u0000", "\u001f", "\u007f", "\u2028", "\ud83d\ude00", "\ud800", "x\udc00y", "é中", "plain"];
    for (const value of [numbers, strings, { numbers, strings }]) expect(canonicalJson(value)).toBe(firstVersion(value));
  });

  it("keeps the sorted order of each shape apart from the others, whatever order they come in", () => {
    // Rows of one shape and then another: a kept key order never serves a shape it was not made for.
    const shapes = [{ b: 1, a: 2 }, { a: 1, b: 2, c: 3 }, { c: 1, b: 2 }, { b: 1, a: 2, d: null }, { "2": 1, "10": 2, a: 3 }, { b: 1, a: 2 }];
    for (let i = 0; i < 100; i++) for (const value of shapes) expect(canonicalJson({ ...value, i })).toBe(firstVersion({ ...value, i }));
    // More shapes than are kept, met again after they were dropped.
    const many = Array.from({ length: 50 }, (_, k) => ({ [`k${k}`]: k, a: k }));
    for (let round = 0; round < 3; round++) for (const value of many) expect(canonicalJson(value)).toBe(firstVersion(value));
  });

  it("agrees with the first version on generated values", () => {
    const value = generatedJson(11, ["a", "B", "é", "0", "7", "12", "x_1", "__proto__", "-1", "01", "中", "role", "content"]);
    for (let i = 0; i < 500; i++) {
      const generated = { v: value(0), w: value(1), i };
      expect(canonicalJson(generated)).toBe(firstVersion(generated));
    }
  });
});
