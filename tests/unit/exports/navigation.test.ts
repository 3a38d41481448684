import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { navigationRows, NavigationRowSchema } from "@/lib/exports/formats/navigation";
import type { VerifiedStep } from "@/lib/exports/export-types";
import { toJsonl } from "@/lib/exports/jsonl";
import { readJsonl, withTempDir } from "./export-fixtures";

const image = { width: 1920, height: 1080 };
const step = (index: number, action: VerifiedStep["action"], history: string[]): VerifiedStep => ({
  trajectoryId: "t1",
  index,
  imagePath: `t1/${index}.png`,
  image,
  goal: "Turn on Wi-Fi",
  history,
  action,
  revisionId: `rev-${index}`,
});

describe("offline-RL navigation JSONL", () => {
  it("writes one row per step with history and the action's points on the [0,1000] grid", async () => {
    const steps = [
      step(0, { type: "click", x: 960, y: 540, element: [96, 54, 192, 108] }, []),
      step(1, { type: "drag", from: { x: 192, y: 1080 }, to: { x: 1920, y: 0 } }, ["click(960, 540)"]),
      step(2, { type: "type", text: "home-wifi" }, ["click(960, 540)", "drag(192, 1080 -> 1920, 0)"]),
      step(3, { type: "click", elementLabel: "5" }, []),
    ];
    await withTempDir(async (dir) => {
      const file = path.join(dir, "navigation.jsonl");
      await writeFile(file, toJsonl(navigationRows(steps)));
      const rows = await readJsonl(file);

      expect(rows[0]).toEqual({
        id: "t1:0",
        trajectory_id: "t1",
        step_index: 0,
        goal: "Turn on Wi-Fi",
        history: [],
        images: ["t1/0.png"],
        action: { type: "click", x: 500, y: 500, element: [50, 50, 100, 100] },
        revision_id: "rev-0",
      });
      expect(rows[1]).toMatchObject({
        history: ["click(960, 540)"],
        action: { type: "drag", from: { x: 100, y: 1000 }, to: { x: 1000, y: 0 } },
      });
      expect(rows[2]).toMatchObject({ action: { type: "type", text: "home-wifi" } });
      expect(rows[3]).toMatchObject({ action: { type: "click", elementLabel: "5" } });
      for (const row of rows) expect(NavigationRowSchema.safeParse(row).success).toBe(true);
    });
  });

  it("does not change the caller's action", () => {
    const action = { type: "click", x: 960, y: 540 } as const;
    navigationRows([step(0, action, [])]);
    expect(action).toEqual({ type: "click", x: 960, y: 540 });
  });
});
