// What the import stores about screen changes and the final screen, and what the derivation
// makes of them, on SQLite and PostgreSQL: the changed regions beside AndroidLab's agreement,
// the no_visible_effect flag and its steps (derived, filterable), and the end screenshot
// linked as the trajectory's final screen, also on trajectories stored before it was kept.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { ANDROIDLAB_EPISODES, ANDROIDLAB_SIZE, writeAndroidLabRun } from "../support/import-fixtures/androidlab";
import { writeAndroidLabMetricsRun } from "../support/import-fixtures/androidlab-metrics";
import type { ProjectAccess } from "@/lib/auth/session";
import { listTrajectories } from "@/lib/trajectories/list-trajectories";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";

describe.each(PROVIDERS)("screen changes and the final screen on %s", (provider) => {
  it("stores where consecutive screens differ and flags the steps whose screen did not change", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    await importInto(db, projectId, await writeAndroidLabMetricsRun(await tempDir()));
    const clock1 = await db.trajectory.findFirstOrThrow({ where: { projectId, sourceId: { contains: "/clock_1_" } }, include: { steps: { orderBy: { index: "asc" } } } });
    // clock_1: turns 1 and 2 are the same screen.
    expect(clock1.steps.map((s) => s.nextScreenUnchanged)).toEqual([false, true, false, null]);
    expect(clock1.noVisibleEffectSteps).toBe("1");
    expect(clock1.mismatchFlags.split(",")).toContain("no_visible_effect");
    const regions = clock1.steps.map((s) => s.nextScreenRegions as number[][] | null);
    expect(regions[1]).toEqual([]);
    expect(regions[3]).toBeNull();
    for (const r of [regions[0]!, regions[2]!]) {
      expect(r.length).toBeGreaterThan(0);
      for (const [x1, y1, x2, y2] of r) {
        expect(0 <= x1! && x1! < x2! && x2! <= 240).toBe(true);
        expect(0 <= y1! && y1! < y2! && y2! <= 400).toBe(true);
      }
    }
    const clock2 = await db.trajectory.findFirstOrThrow({ where: { projectId, sourceId: { contains: "/clock_2_" } } });
    expect(clock2.noVisibleEffectSteps).toBe("");
    expect(clock2.mismatchFlags.split(",")).not.toContain("no_visible_effect");
    // The list's flag filter reads the stored flag, for annotators too (it rests on pixels alone).
    const filter = parseTrajectoryFilter({ flag: "no_visible_effect" }, { seesHuman: false });
    const listed = await listTrajectories(db, projectId, filter, { seesHuman: false });
    expect(listed.trajectories.map((r) => r.id)).toEqual([clock1.id]);
  });

  it("links the screenshot after the last action as the final screen; a re-import links it to trajectories stored without it", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await writeAndroidLabRun(await tempDir());
    await importInto(db, projectId, root);
    const check = async () => {
      const trajectories = await db.trajectory.findMany({ where: { projectId } });
      expect(trajectories).toHaveLength(ANDROIDLAB_EPISODES.length);
      for (const t of trajectories) {
        expect(t.endImageRef).toMatch(/Screen\/screenshot-end-[\d.]+\.png$/);
        expect(t.endMediaId).not.toBeNull();
        const media = await db.media.findUniqueOrThrow({ where: { id: t.endMediaId! } });
        expect({ width: media.width, height: media.height }).toEqual(ANDROIDLAB_SIZE);
        // Its own screenshot, not one of the steps'.
        const stepMedia = (await db.step.findMany({ where: { trajectoryId: t.id } })).map((s) => s.mediaId);
        expect(stepMedia).not.toContain(t.endMediaId);
      }
    };
    await check();
    // As if imported before the final screen was kept: the same files link it in place.
    await db.trajectory.updateMany({ where: { projectId }, data: { endImageRef: null, endMediaId: null } });
    const again = await importInto(db, projectId, root);
    expect(again.notes.filter((n) => /final screen .* linked/.test(n.reason))).toHaveLength(ANDROIDLAB_EPISODES.length);
    await check();
    // And once linked, a re-import changes nothing.
    const third = await importInto(db, projectId, root);
    expect(third.updated).toBe(0);
    expect(third.notes.filter((n) => /final screen/.test(n.reason))).toEqual([]);
  });

  it("a step labelled redundant on that evidence counts in R_p exactly when the project penalises redundant steps", async () => {
    const { db } = await freshDatabase(provider);
    const reviewer = await db.user.create({ data: { email: "rita@screens.test", name: "Rita" } });
    const rewardWith = async (slug: string, penalised: string[] | null) => {
      const projectId = await importProject(db, slug);
      if (penalised) await db.project.update({ where: { id: projectId }, data: { settings: { rewards: { penalisedErrorKinds: penalised } } } });
      await importInto(db, projectId, await writeAndroidLabMetricsRun(await tempDir()));
      const clock1 = await db.trajectory.findFirstOrThrow({ where: { projectId, sourceId: { contains: "/clock_1_" } } });
      const access: ProjectAccess = { user: { id: reviewer.id, email: reviewer.email, name: "Rita", isOwner: false }, projectId, role: "reviewer" };
      // The screen's "a" on step 2: incorrect, redundant; the other steps correct; a success.
      const steps = [0, 1, 2, 3].map((i) => (i === 1 ? { stepIndex: i, label: "incorrect" as const, errorKind: "redundant" as const } : { stepIndex: i, label: "correct" as const }));
      await saveTrajectoryAnnotation(db, access, { trajectoryId: clock1.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps, note: null } });
      const row = await db.trajectory.findUniqueOrThrow({ where: { id: clock1.id } });
      expect(row.humanVerdict).toBe("success");
      return row.reward!;
    };
    const plain = await rewardWith("rp-off", null);
    const penalised = await rewardWith("rp-on", ["redundant"]);
    const other = await rewardWith("rp-other", ["no_effect"]);
    // 4 steps: eta^3 for the success; the default penalty -0.1 for the one redundant step.
    expect(plain).toBeCloseTo(0.98 ** 3, 10);
    expect(penalised).toBeCloseTo(0.98 ** 3 - 0.1, 10);
    expect(other).toBeCloseTo(plain, 10);
  });
});
