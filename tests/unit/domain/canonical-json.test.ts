import { describe, expect, it } from "vitest";
import { canonicalJson } from "@/lib/domain/canonical-json";

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
});
