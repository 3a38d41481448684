// AndroidControl's accessibility forests, as converters write them (an object inside the
// episode, a text-format file, a snake_case JSON file; generated in the real layout), are
// stored per step on SQLite and PostgreSQL and read back into the one UI-tree model with
// bounds, so the review screen can outline and snap to the button the rater tapped.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { deepestNodeAt } from "@/lib/ui-tree/hit-test";
import { countNodes } from "@/lib/ui-tree/node";
import { parseUiTree } from "@/lib/ui-tree/parse-ui-tree";
import { freshDatabase, PROVIDERS } from "./databases";
import { IMPORT_MEDIA_DIR, generatedFixtures, importInto, importProject, rowCounts } from "./import-support";
import { ALARM_BUTTON, CONTROL_TREES } from "../support/import-fixtures/android-control";

describe.each(PROVIDERS)("AndroidControl accessibility forests on %s", (provider) => {
  it("stores each step's forest and parses it into a tree whose Alarm button has the forest's bounds", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = path.join(await generatedFixtures(), "android-control-trees");
    const report = await importInto(db, projectId, root);
    expect(report).toMatchObject({ format: "android-control", rejectedCount: 0 });
    const episode = await db.trajectory.findFirstOrThrow({ where: { sourceId: String(CONTROL_TREES) }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(episode.steps).toHaveLength(3);
    const store = createLocalMediaStore(IMPORT_MEDIA_DIR);
    for (const step of episode.steps) {
      expect(step.uiTreeKey, `step ${step.index}`).not.toBeNull();
      const parsed = parseUiTree((await store.read(step.uiTreeKey!)).toString("utf8"));
      if (!parsed.ok) throw new Error(parsed.message);
      expect(parsed.tree.format).toBe("android-forest");
      // The window, the frame, the title, the tab bar and its two buttons.
      expect(countNodes(parsed.tree)).toBe(6);
      const [window] = parsed.tree.roots;
      expect(window).toMatchObject({ role: "window", text: "Clock", detail: "application", bounds: { x1: 0, y1: 0, x2: 1080, y2: 2400 } });
      // The click of step 0 lands on the Alarm button, the deepest node there.
      const hit = deepestNodeAt(parsed.tree, 300, 2280);
      expect(hit).toMatchObject({ role: "Button", text: "Alarm", bounds: ALARM_BUTTON });
      expect(hit?.detail).toBe("#tab_alarm clickable");
    }
    // Three forests in three forms: three different stored files.
    expect(new Set(episode.steps.map((s) => s.uiTreeKey)).size).toBe(3);

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });
});
