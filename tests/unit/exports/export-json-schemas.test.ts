import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportJsonSchemas } from "@/lib/exports/export-json-schemas";

describe("the export JSON Schemas shipped in schemas/exports", () => {
  it("are the ones generated from the zod row schemas (regenerate: see lib/exports/export-json-schemas.ts)", () => {
    const generated = exportJsonSchemas();
    const dir = path.resolve("schemas/exports");
    expect(readdirSync(dir).sort()).toEqual(Object.keys(generated).sort());
    for (const [file, schema] of Object.entries(generated)) {
      const shipped = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as unknown;
      expect(shipped, file).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  it("require the keys every row carries", () => {
    const required = (file: string) => (exportJsonSchemas()[file] as { required?: string[] }).required;
    expect(required("verl-row.schema.json")).toEqual(["data_source", "prompt", "images", "ability", "reward_model", "extra_info"]);
    expect(required("easyr1-row.schema.json")).toEqual(["id", "prompt", "answer", "images", "target", "source", "quality_tier"]);
    expect(required("ms-swift-row.schema.json")).toEqual(["id", "messages", "images", "source", "quality_tier"]);
    expect(required("llama-factory-row.schema.json")).toEqual(["id", "conversations", "images", "quality_tier"]);
    expect(required("changes-line.schema.json")).toEqual(["change", "file", "id"]);
  });
});
