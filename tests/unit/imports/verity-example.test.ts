// The import screen's worked example is Verity JSONL the parser accepts: every line passes the
// schema (so the example cannot drift from the format), one of each type is there, and the
// paths the example names are the ones its layout draws.
import { describe, expect, it } from "vitest";
import { VERITY_EXAMPLE_LAYOUT, VERITY_EXAMPLE_LINES, verityExampleJsonl } from "@/lib/imports/formats/verity/verity-example";
import { VerityLineSchema } from "@/lib/imports/formats/verity/verity-schema";

describe("the Verity JSONL worked example", () => {
  it("is one valid line of each type", () => {
    for (const line of VERITY_EXAMPLE_LINES) {
      const parsed = VerityLineSchema.safeParse(line);
      expect(parsed.success, `${JSON.stringify(line)}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
    }
    expect(new Set(VERITY_EXAMPLE_LINES.map((l) => l.type))).toEqual(new Set(["run", "sample", "prediction", "trajectory", "verdict", "annotation"]));
    expect(verityExampleJsonl().trimEnd().split("\n").map((l) => JSON.parse(l))).toEqual(VERITY_EXAMPLE_LINES);
  });

  it("draws every file its lines name in the zip layout", () => {
    const text = JSON.stringify(VERITY_EXAMPLE_LINES);
    const paths = [...text.matchAll(/"(?:image|ui_tree)":"([^"]+)"/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(3);
    for (const p of paths) expect(VERITY_EXAMPLE_LAYOUT, p).toContain(p.split("/").at(-1)!);
  });
});
