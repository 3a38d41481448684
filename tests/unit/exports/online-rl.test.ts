import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onlineRlRows, OnlineRlRowSchema } from "@/lib/exports/formats/online-rl";
import type { VerifiedTrajectory } from "@/lib/exports/export-types";
import { toJsonl } from "@/lib/exports/jsonl";
import { readJsonl, withTempDir } from "./export-fixtures";

const settings = { eta: 0.98, invalidActionPenalty: -0.1 };
const image = { width: 1000, height: 2000 };

function trajectory(id: string, groupKey: string, steps: number, success: boolean, invalidActions: number): VerifiedTrajectory {
  return {
    id,
    goal: "Turn on Wi-Fi",
    groupKey,
    steps: Array.from({ length: steps }, (_, i) => ({
      imagePath: `${id}/${i}.png`,
      image,
      action: i === steps - 1 ? { type: "finish" } : { type: "click", x: 250, y: 500 },
    })),
    success,
    invalidActions,
    annotationIds: [`ann-${id}`],
  };
}

describe("online-RL JSONL", () => {
  it("recomputes rewards and GRPO advantages per group, by hand", async () => {
    const input = [
      trajectory("a", "task-1", 3, true, 0), // 0.98^2 = 0.9604
      trajectory("b", "task-2", 1, true, 0), // alone in its group: advantage 0
      trajectory("c", "task-1", 3, false, 2), // 0 + 2 * -0.1 = -0.2
    ];
    await withTempDir(async (dir) => {
      const file = path.join(dir, "online-rl.jsonl");
      await writeFile(file, toJsonl(onlineRlRows(input, settings)));
      const rows = (await readJsonl(file)) as ReturnType<typeof onlineRlRows>;

      expect(rows.map((r) => r.id)).toEqual(["a", "b", "c"]);
      expect(rows[0]!.reward).toBeCloseTo(0.9604, 12);
      expect(rows[1]!.reward).toBe(1);
      expect(rows[2]!.reward).toBeCloseTo(-0.2, 12);

      // Group task-1: mean 0.3802, unbiased std = |0.9604 + 0.2| / sqrt(2) = 0.8205...
      const std = 1.1604 / Math.SQRT2;
      expect(rows[0]!.advantage).toBeCloseTo(0.5802 / (std + 1e-6), 9);
      expect(rows[2]!.advantage).toBeCloseTo(-0.5802 / (std + 1e-6), 9);
      expect(rows[1]!.advantage).toBe(0);
      expect(rows.map((r) => r.group_size)).toEqual([2, 1, 2]);

      expect(rows[0]!.steps[0]).toEqual({ images: ["a/0.png"], action: { type: "click", x: 250, y: 250 } });
      expect(rows[0]!.steps[2]).toEqual({ images: ["a/2.png"], action: { type: "finish" } });
      expect(rows[2]).toMatchObject({ success: false, invalid_actions: 2, annotation_ids: ["ann-c"] });
      for (const row of rows) expect(OnlineRlRowSchema.safeParse(row).success).toBe(true);
    });
  });

  it("keeps an unparseable step as a null action that still counts toward T", () => {
    const t = trajectory("a", "g", 2, true, 1);
    t.steps[0]!.action = null;
    const [row] = onlineRlRows([t], settings);
    expect(row!.steps[0]!.action).toBeNull();
    expect(row!.reward).toBeCloseTo(0.98 - 0.1, 12);
  });

  it("refuses a trajectory without steps", () => {
    expect(() => onlineRlRows([trajectory("a", "g", 0, true, 0)], settings)).toThrow(/no steps/);
  });
});
