import { describe, expect, it } from "vitest";
import { byCheckpoint, checkpointOf } from "@/lib/domain/estimates/checkpoint-order";

describe("checkpointOf", () => {
  it("reads the checkpoint the import recorded, else the last number of the name", () => {
    expect(checkpointOf({ name: "venus", meta: { checkpoint: 1200 } }).order).toBe(1200);
    expect(checkpointOf({ name: "venus", meta: { step: "global_step_300" } }).order).toBe(300);
    expect(checkpointOf({ name: "venus-7b-ckpt-200", meta: null }).order).toBe(200);
    expect(checkpointOf({ name: "merged", meta: {} }).order).toBeNull();
  });

  it("orders by checkpoint, runs without one last by name", () => {
    const runs = ["ckpt-1000", "merged", "ckpt-200", "baseline", "ckpt-30"].map((name) => ({ name, checkpoint: checkpointOf({ name, meta: null }) }));
    expect(byCheckpoint(runs).map((r) => r.name)).toEqual(["ckpt-30", "ckpt-200", "ckpt-1000", "baseline", "merged"]);
  });
});
