import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VerityLineSchema, verityJsonSchema } from "@/lib/imports/formats/verity/verity-schema";

describe("the Verity JSONL JSON Schema shipped in the repo", () => {
  it("is the one generated from the zod definition (run `npm run schemas` after changing it)", () => {
    const shipped = JSON.parse(readFileSync(path.resolve("schemas/verity-import.schema.json"), "utf8"));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(verityJsonSchema())));
  });

  it("accepts each kind of line and names the field of a bad one", () => {
    expect(VerityLineSchema.safeParse({ type: "sample", id: "1", image: "a.png", instruction: "Tap", box: [1, 2, 3, 4] }).success).toBe(true);
    expect(VerityLineSchema.safeParse({ type: "run", name: "r", benchmark: "b" }).success).toBe(true);
    const bad = VerityLineSchema.safeParse({ type: "sample", id: "1", image: "a.png", instruction: "Tap", box: [1, 2, 3] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toContain("box");
  });
});
