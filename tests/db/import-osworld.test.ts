// An OSWorld results tree (generated in the real layout) imports on SQLite and PostgreSQL
// as evaluation runs with one trajectory per example, the evaluator's score as the rule
// verdict, steps on the screenshots they were performed on; importing it again changes nothing.
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { OSWORLD_IDS, writeOsworldFixture } from "../support/fixtures/osworld-fixture";
import { UITARS_TASK, writeUitarsOsworldFixture } from "../support/fixtures/osworld-uitars-fixture";

describe.each(PROVIDERS)("importing an OSWorld results tree on %s", (provider) => {
  it("creates the runs, trajectories, steps and verdicts once, and a re-import changes nothing", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "osworld", name: "OSWorld", settings: {} } });
    const root = await writeOsworldFixture();

    const report = await importInto(db, project.id, root);
    expect(report.format).toBe("osworld");
    expect(report.rejectedCount).toBe(0);
    expect(report.created).toMatchObject({ runs: 2, trajectories: 5, steps: 21, verdicts: 4 });

    const runs = await db.evaluationRun.findMany({ orderBy: { name: "asc" }, include: { trajectories: true } });
    expect(runs.map((r) => [r.name, r.trajectories.length])).toEqual([
      ["osworld/computer_13/screenshot/test-model", 2],
      ["osworld/pyautogui/screenshot/test-model", 3],
    ]);
    const search = await db.trajectory.findFirstOrThrow({
      where: { sourceId: { endsWith: OSWORLD_IDS.search } },
      include: { steps: { orderBy: { index: "asc" }, include: { media: true } }, verdicts: true },
    });
    expect(search.autoOutcome).toBe(true);
    expect(search.verdicts.map((v) => [v.kind, v.judgeName, v.valueBool])).toEqual([["rule", "osworld/evaluator", true]]);
    expect(search.steps.map((s) => s.actionType)).toEqual(["click", "hotkey", "type", "scroll", "finish"]);
    // The first action has no saved screen; the others sit on 1920x1080 screenshots, the two
    // actions of line 2 on the same one.
    expect(search.steps[0]!.mediaId).toBeNull();
    expect(search.steps[0]!.imageMissing).toBe(false);
    expect(search.steps.slice(1).map((s) => [s.media?.width, s.media?.height])).toEqual(Array(4).fill([1920, 1080]));
    expect(search.steps[1]!.mediaId).toBe(search.steps[2]!.mediaId);
    expect(search.steps[3]!.mediaId).not.toBe(search.steps[2]!.mediaId);
    expect(ActionSchema.parse(search.steps[3]!.action)).toEqual({ type: "scroll", direction: "down", amount: 5, from: { x: 960, y: 540 } });

    const messy = await db.trajectory.findFirstOrThrow({ where: { sourceId: { endsWith: OSWORLD_IDS.messy } }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(messy.steps[4]!.action).toBeNull();
    expect(messy.steps[4]!.rawOutput).toContain("subprocess.run");
    expect(messy.autoOutcome).toBe(false);
    expect(report.notes.some((n) => n.reason.includes("imports subprocess"))).toBe(true);

    const before = await rowCounts(db);
    const again = await importInto(db, project.id, root);
    expect(again.created).toEqual({ samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 });
    expect(again.updated).toBe(0);
    expect(again.unchanged).toBe(7);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("a UI-TARS run's pasted text is stored as type actions, its code kept raw, the clipboard-only step without a type", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "osworld-uitars", name: "OSWorld UI-TARS", settings: {} } });
    const report = await importInto(db, project.id, await writeUitarsOsworldFixture());
    expect(report.rejectedCount).toBe(0);
    const run = await db.trajectory.findFirstOrThrow({ where: { sourceId: { endsWith: UITARS_TASK } }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(run.steps.map((s) => s.actionType)).toEqual(["click", "type", "enter", "hotkey", "type", "hotkey", null, "finish"]);
    expect(run.steps[4]!.action).toEqual({ type: "type", text: "\"it's here\"" });
    expect(run.steps[5]!.action).toEqual({ type: "hotkey", keys: ["space"] });
    expect(run.steps[1]!.rawOutput).toContain("import pyperclip\npyperclip.copy('example.org')");
  });
});

