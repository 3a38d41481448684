// Issue 36 item 3: a navigation prompt's history lines are in the target's coordinate space
// throughout. The agent's recorded thoughts name elements by AndroidLab's device-pixel bounds;
// in an ms-swift navigation pool on the [0,1000] grid they were shown as they were, beside
// actions on the grid. Now the bounds are written on the grid, a thought with coordinates of
// unknown space is left out of its line, and a pool can leave every thought out; the manifest
// counts each and says which. (World: navigation-world.ts; one SQLite database, files checked.)
import { beforeAll, describe, expect, it } from "vitest";
import { MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import type { ExportWorld } from "../export-support";
import { exportPool, jsonLines } from "./consumer-world";
import { historyLines, navigationWorld, STEPS, THOUGHTS_REL1000 } from "./navigation-world";

let world: ExportWorld;
beforeAll(async () => {
  world = await navigationWorld();
}, 180_000);

const DEVICE_BOUNDS = /\[(290|20|0),(560|200|0)\]\[(350|340|360),(620|250|40)\]/;

describe("history lines in the target's coordinate space", () => {
  it("converts AndroidLab bounds in thoughts to the [0,1000] grid, leaves out a thought with coordinates of unknown space, and counts both", async () => {
    const s = await exportPool(world, { name: "history-convert", kind: "navigation", profile: "ms-swift" });
    const rows = jsonLines(s.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(rows).toHaveLength(STEPS.length);
    for (const [i, row] of rows.entries()) {
      const user = row.messages.find((m) => m.role === "user")!.content;
      expect(user).not.toMatch(DEVICE_BOUNDS);
      const lines = historyLines(user);
      expect(lines.map((l) => l.think), row.id).toEqual(THOUGHTS_REL1000.slice(0, i));
      // The actions beside them are on the same grid: (320, 590) -> (889, 922).
      if (i > 0) expect(lines[0]!.action).toBe("Click(box=(889,922))");
    }
    // Rows 2-4 carry step 0's converted thought (3 lines) and rows 4 step 2's (1); rows 3-4 leave step 1's out (2 lines).
    expect(s.manifest.counts["history:thoughts_converted"]).toBe(4);
    expect(s.manifest.counts["history:thoughts_left_out_unknown_coordinates"]).toBe(2);
    expect(s.manifest.provenance?.history?.thoughts).toBe("convert");
    expect(s.text("README.md")).toContain("History lines: each earlier step's recorded thought, with AndroidLab's element bounds");
  });

  it("leaves every thought out when the pool says so", async () => {
    const s = await exportPool(world, { name: "history-omit", kind: "navigation", profile: "ms-swift", settings: { historyThoughts: "omit" } });
    const rows = jsonLines(s.text("navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    const thinks = rows.flatMap((row) => historyLines(row.messages.find((m) => m.role === "user")!.content).map((l) => l.think));
    expect(thinks).toHaveLength(6);
    expect(new Set(thinks)).toEqual(new Set([""]));
    expect(s.manifest.counts["history:thoughts_omitted"]).toBe(6);
    expect(s.manifest.provenance?.history?.thoughts).toBe("omit");
  });
});
