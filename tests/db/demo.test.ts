import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { ActionSchema } from "@/lib/domain/actions";
import { pointInBox } from "@/lib/domain/point-in-box";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { ensureOwnerAndDemo } from "@/lib/setup/first-run";

const dataRoot = mkdtempSync(path.join(os.tmpdir(), "verity-demo-"));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

describe.each(PROVIDERS)("first run on %s", (provider) => {
  it("creates one owner with a generated password and the demo project, and nothing more when run again", async () => {
    const { db } = await freshDatabase(provider);
    const dataDir = path.join(dataRoot, provider);
    const store = createLocalMediaStore(path.join(dataDir, "media"));
    const first = await ensureOwnerAndDemo(db, store, dataDir);
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const counts = async () => ({
      users: await db.user.count(),
      projects: await db.project.count(),
      samples: await db.groundingSample.count(),
      trajectories: await db.trajectory.count(),
      media: await db.media.count(),
    });
    const before = await counts();
    expect(before).toMatchObject({ users: 1, projects: 1, samples: 8, trajectories: 4, media: 7 });

    const second = await ensureOwnerAndDemo(db, store, dataDir);
    expect(second.password).toBe(first.password);
    expect(await counts()).toEqual(before);
  });

  it("draws every demo click inside the element box it names, with valid canonical actions", async () => {
    const { db } = await freshDatabase(provider);
    const dataDir = path.join(dataRoot, `${provider}-actions`);
    await ensureOwnerAndDemo(db, createLocalMediaStore(path.join(dataDir, "media")), dataDir);
    const steps = await db.step.findMany();
    expect(steps.length).toBeGreaterThan(10);
    for (const step of steps) {
      const action = ActionSchema.parse(step.action);
      if (action.type === "click" && action.element && action.x !== undefined && action.y !== undefined) {
        expect(pointInBox([action.x, action.y], action.element)).toBe(true);
      }
    }
    const missing = await db.groundingSample.findMany({ where: { imageMissing: true } });
    expect(missing.map((s) => s.imageRef)).toEqual(["missing/phone_0042.png"]);
  });
});
