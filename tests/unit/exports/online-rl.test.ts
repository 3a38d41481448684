import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onlineRlRows, OnlineRlRowSchema } from "@/lib/exports/formats/online-rl";
import type { VerifiedTrajectory } from "@/lib/exports/export-types";
import { toJsonl } from "@/lib/exports/jsonl";
import { readJsonl, withTempDir } from "./export-fixtures";

const image = { width: 1000, height: 2000 };

function trajectory(id: string, groupKey: string, steps: number, derived: { reward: number; advantage: number; groupSize: number }): VerifiedTrajectory {
  return {
    id,
    goal: "Turn on Wi-Fi",
    groupKey,
    steps: Array.from({ length: steps }, (_, i) => ({
      imagePath: `${id}/${i}.png`,
      image,
      action: i === steps - 1 ? { type: "finish" } : { type: "click", x: 250, y: 500 },
    })),
    success: derived.reward > 0,
    invalidActions: 0,
    ...derived,
    revisionIds: [`rev-${id}`],
  };
}

// Rewards and advantages are derived once (tests/unit/domain/derive-trajectory.test.ts,
// group-advantages.test.ts); the format writes what the trajectory carries, in input order.
describe("online-RL JSONL", () => {
  it("writes the stored reward, advantage and group size of each rollout, actions on the grid", async () => {
    const input = [
      trajectory("a", "task-1", 3, { reward: 0.9604, advantage: 0.707, groupSize: 2 }),
      trajectory("b", "task-2", 1, { reward: 1, advantage: 0, groupSize: 1 }),
    ];
    await withTempDir(async (dir) => {
      const file = path.join(dir, "online-rl.jsonl");
      await writeFile(file, toJsonl(onlineRlRows(input)));
      const rows = (await readJsonl(file)) as ReturnType<typeof onlineRlRows>;
      expect(rows.map((r) => [r.id, r.reward, r.advantage, r.group_size])).toEqual([
        ["a", 0.9604, 0.707, 2],
        ["b", 1, 0, 1],
      ]);
      expect(rows[0]!.steps[0]).toEqual({ images: ["a/0.png"], action: { type: "click", x: 250, y: 250 } });
      expect(rows[0]!.steps[2]).toEqual({ images: ["a/2.png"], action: { type: "finish" } });
      expect(rows[1]).toMatchObject({ success: true, revision_ids: ["rev-b"] });
      for (const row of rows) expect(OnlineRlRowSchema.safeParse(row).success).toBe(true);
    });
  });

  it("keeps an unparseable step as a null action", () => {
    const t = trajectory("a", "g", 2, { reward: 0.88, advantage: 0, groupSize: 1 });
    t.steps[0]!.action = null;
    const [row] = onlineRlRows([t]);
    expect(row!.steps[0]!.action).toBeNull();
    expect(OnlineRlRowSchema.safeParse(row).success).toBe(true);
  });
});
