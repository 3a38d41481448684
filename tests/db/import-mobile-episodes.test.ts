// GUI-Odyssey and AndroidControl episodes (generated in their real layouts) import on SQLite
// and PostgreSQL with their coordinates turned into screenshot pixels through the coordinate
// contract, and importing them again changes nothing.
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { CONTROL_LISTED, writeAndroidControlFixture } from "../support/fixtures/android-control-fixture";
import { ODYSSEY_PHONE, writeGuiOdysseyFixture } from "../support/fixtures/gui-odyssey-fixture";

async function project(provider: (typeof PROVIDERS)[number]) {
  const { db } = await freshDatabase(provider);
  const created = await db.project.create({ data: { slug: "mobile", name: "Mobile", settings: {} } });
  return { db, projectId: created.id };
}

const unchangedCounts = { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 };

describe.each(PROVIDERS)("importing mobile episodes on %s", (provider) => {
  it("GUI-Odyssey: [0,1000] clicks, boxes and scrolls become pixels of each screenshot; a re-import changes nothing", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeGuiOdysseyFixture();
    const report = await importInto(db, projectId, root);
    expect(report.format).toBe("gui-odyssey");
    expect(report.rejectedCount).toBe(0);
    expect(report.created).toMatchObject({ trajectories: 2, steps: 10, media: 10 });
    const phone = await db.trajectory.findFirstOrThrow({ where: { sourceId: ODYSSEY_PHONE.id }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(phone.steps.every((s) => s.media?.width === 720 && s.media?.height === 1280)).toBe(true);
    const actions = phone.steps.map((s) => ActionSchema.parse(s.action));
    expect(actions[0]).toEqual({ type: "click", x: 360, y: 320, element: [288, 256, 432, 384] });
    expect(actions[2]).toEqual({ type: "scroll", from: { x: 360, y: 1024 }, to: { x: 360, y: 384 } });
    expect(actions.map((a) => a.type)).toEqual(["click", "type", "scroll", "home", "long_press", "back", "recent", "finish"]);

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again.created).toEqual(unchangedCounts);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("AndroidControl: a folder of episode files, pixels rescaled from the listed size; a re-import changes nothing", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeAndroidControlFixture();
    const report = await importInto(db, projectId, root);
    expect(report.format).toBe("android-control");
    expect(report.rejectedCount).toBe(0);
    expect(report.created).toMatchObject({ trajectories: 2, steps: 14 });
    const listed = await db.trajectory.findFirstOrThrow({ where: { sourceId: String(CONTROL_LISTED) }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(listed.steps[1]!.media).toMatchObject({ width: 540, height: 1200 });
    expect(ActionSchema.parse(listed.steps[1]!.action)).toEqual({ type: "click", x: 270, y: 600 });
    expect(listed.steps[11]!.action).toBeNull();
    expect(report.notes.some((n) => n.reason.includes('unknown AndroidControl action_type "zoom"'))).toBe(true);

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again.created).toEqual(unchangedCounts);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });
});
