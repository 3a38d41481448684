// Mind2Web as SeeClick's test files and as Multimodal-Mind2Web rows (generated in their real
// layouts) imports on SQLite and PostgreSQL with select(option) actions and the target boxes
// on the screenshots; importing again changes nothing.
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { MULTIMODAL_TASK, SEECLICK_TASKS, writeMultimodalMind2WebFixture, writeSeeClickMind2WebFixture } from "../support/fixtures/mind2web-fixture";

const unchangedCounts = { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 };

describe.each(PROVIDERS)("importing Mind2Web on %s", (provider) => {
  it("SeeClick test files and Multimodal-Mind2Web rows, each twice", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "m2w", name: "Mind2Web", settings: {} } });

    const seeclick = await writeSeeClickMind2WebFixture();
    const first = await importInto(db, project.id, seeclick);
    expect(first.format).toBe("mind2web");
    expect(first.rejectedCount).toBe(0);
    expect(first.created).toMatchObject({ trajectories: 2, steps: 7, media: 7 });
    const flights = await db.trajectory.findFirstOrThrow({ where: { sourceId: SEECLICK_TASKS.flights }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(flights.steps.map((s) => s.actionType)).toEqual(["click", "type", "select", "hover", "enter"]);
    expect(ActionSchema.parse(flights.steps[2]!.action)).toEqual({ type: "select", option: "Economy", x: 600, y: 280, element: [500, 260, 700, 300] });
    expect(flights.steps.every((s) => s.media?.mime === "image/jpeg" && s.media.width === 1280 && s.media.height === 720)).toBe(true);

    const multimodal = await writeMultimodalMind2WebFixture();
    const second = await importInto(db, project.id, multimodal);
    expect(second.rejectedCount).toBe(0);
    expect(second.created).toMatchObject({ trajectories: 1, steps: 3 });
    const booking = await db.trajectory.findFirstOrThrow({ where: { sourceId: MULTIMODAL_TASK }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(booking.steps.map((s) => [s.actionType, s.media?.height])).toEqual([["click", 2000], ["select", 2000], ["type", 2000]]);

    const before = await rowCounts(db);
    for (const root of [seeclick, multimodal]) {
      const again = await importInto(db, project.id, root);
      expect(again.created).toEqual(unchangedCounts);
      expect(again.updated).toBe(0);
    }
    expect(await rowCounts(db)).toEqual(before);
  });
});
