// An AndroidWorld run directory (checkpointer .pkl.gz episodes, generated in the real layout)
// imports on SQLite and PostgreSQL as Python itself reads those pickles: the same episodes,
// goals, task scores, action types and pixels, one screenshot per step; the task check is the
// rule verdict and the agent's status action only its claim. A re-import changes nothing, and
// a truncated file or one naming an unexpected class is refused by name while the rest imports.
import { describe, expect, it } from "vitest";
import { ActionSchema } from "@/lib/domain/actions";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { hasPython, readAndroidWorldRunWithPython, writeAndroidWorldRun } from "../support/import-fixtures/android-world";

if (!hasPython) console.log("AndroidWorld db tests skipped: python3 is not on this machine");

// AndroidWorld's action_type -> the canonical type (lib/imports/formats/android-world/android-world-actions.ts).
const CANONICAL: Record<string, string> = {
  click: "click",
  input_text: "type",
  long_press: "long_press",
  scroll: "scroll",
  swipe: "drag",
  open_app: "open_app",
  navigate_back: "back",
  navigate_home: "home",
  keyboard_enter: "enter",
  status: "finish",
  answer: "finish",
};

async function project(provider: (typeof PROVIDERS)[number]) {
  const { db } = await freshDatabase(provider);
  const created = await db.project.create({ data: { slug: "androidworld", name: "AndroidWorld", settings: {} } });
  return { db, projectId: created.id };
}

const unchangedCounts = { samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 };

describe.runIf(hasPython).each(PROVIDERS)("importing an AndroidWorld run on %s", (provider) => {
  it("lands what Python reads from the pickles; a re-import changes nothing", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeAndroidWorldRun();
    const report = await importInto(db, projectId, root);
    expect(report.format).toBe("androidworld");
    expect(report.rejectedCount).toBe(0);

    const expected = readAndroidWorldRunWithPython(root);
    const episodes = expected.flatMap((e) => ("error" in e ? [] : [e]));
    expect(episodes).toHaveLength(expected.length);
    const stepCount = episodes.reduce((n, e) => n + e.steps.length, 0);
    const screenshots = episodes.reduce((n, e) => n + e.steps.filter((s) => s.screenshot).length, 0);
    expect(report.created).toMatchObject({ trajectories: episodes.length, steps: stepCount, runs: 1 });

    const stored = await db.trajectory.findMany({ include: { steps: { orderBy: { index: "asc" }, include: { media: true } }, verdicts: true } });
    expect(stored).toHaveLength(episodes.length);
    expect(stored.flatMap((t) => t.steps).filter((s) => s.mediaId !== null)).toHaveLength(screenshots);
    for (const want of episodes) {
      const got = stored.find((t) => t.sourceId.endsWith(`/${want.file.replace(/\.pkl\.gz$/, "")}`))!;
      expect(got.goal).toBe(want.goal);
      expect(got.sourceReward).toBe(want.is_successful);
      const rule = got.verdicts.find((v) => v.kind === "rule");
      const outcome = want.is_successful === null ? null : want.is_successful >= 1 ? true : want.is_successful <= 0 ? false : null;
      expect(got.autoOutcome).toBe(outcome);
      expect(rule?.valueScore ?? null).toBe(want.is_successful);
      expect(got.steps.map((s) => s.actionType)).toEqual(want.steps.map((s) => (s.action_type ? CANONICAL[s.action_type] : null)));
      for (const [i, step] of want.steps.entries()) {
        const row = got.steps[i]!;
        const action = row.action === null ? null : ActionSchema.parse(row.action);
        const point = action && "x" in action && action.x !== undefined ? [action.x, action.y] : null;
        expect(point).toEqual(step.point);
        expect(row.media ? [row.media.height, row.media.width, 3] : null).toEqual(step.screenshot);
      }
    }
    const contacts = stored.find((t) => t.goal.startsWith("Create a new contact"))!;
    expect(contacts).toMatchObject({ agentClaimedFinish: true, autoOutcome: true, model: "m3a_gpt4v" });
    expect(contacts.steps.every((s) => s.overlayMediaId !== null && s.uiTreeKey !== null)).toBe(true);
    const wifi = stored.find((t) => t.goal === "Turn wifi on.")!;
    // Infeasible is the agent's claim that the task cannot be done: not a claim of success.
    expect(wifi).toMatchObject({ agentClaimedFinish: false, autoOutcome: false });
    const swipe = ActionSchema.parse(wifi.steps[0]!.action);
    expect(swipe).toEqual({ type: "drag", from: { x: 54, y: 0 }, to: { x: 54, y: 240 } });

    const before = await rowCounts(db);
    const again = await importInto(db, projectId, root);
    expect(again.created).toEqual(unchangedCounts);
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("refuses a truncated file and an unexpected class by file name; the other episodes import", async () => {
    const { db, projectId } = await project(provider);
    const root = await writeAndroidWorldRun({ broken: true });
    const report = await importInto(db, projectId, root);
    expect(report.created.trajectories).toBe(4);
    const files = report.rejected.map((r) => r.file);
    expect(files.sort()).toEqual(["BrowseTruncated_0.pkl.gz", "MarkorOdd_0.pkl.gz"]);
    expect(report.rejected.find((r) => r.file === "MarkorOdd_0.pkl.gz")!.reason).toContain("android_world.env.interface.State");
  });
});
