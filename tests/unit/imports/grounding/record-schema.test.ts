// The optional text fields of every grounding format: "not given" in any of its spellings is
// null, in the object's output too when the key is absent, and a value of another type is
// refused with the field's name.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OptionalTextSchema, rejectionFromZod } from "@/lib/imports/formats/grounding/record-schema";

const Shape = z.object({ a: OptionalTextSchema, b: OptionalTextSchema });

describe("OptionalTextSchema", () => {
  it("reads an absent key, undefined, null, an empty and a blank string as null, and keeps text as written", () => {
    expect(Shape.parse({})).toEqual({ a: null, b: null });
    expect(Shape.parse({ a: undefined, b: null })).toEqual({ a: null, b: null });
    expect(Shape.parse({ a: "", b: " \t\n" })).toEqual({ a: null, b: null });
    expect(Shape.parse({ a: " mac ", b: "x" })).toEqual({ a: " mac ", b: "x" });
    expect(Object.keys(Shape.parse({}))).toEqual(["a", "b"]);
  });

  it("refuses a number or an object, naming the field", () => {
    const parsed = Shape.safeParse({ a: 5, b: { text: "x" } });
    expect(parsed.success).toBe(false);
    const reason = rejectionFromZod({ file: "f.json", line: 3 }, parsed.error!).reason;
    expect(reason).toMatch(/^a: .*expected string.*; b: .*expected string/);
  });
});
