// AndroidWorld checkpointer files (generated in their real layout by python3) parse into
// trajectories whose actions, screenshots and outcomes are what the pickles hold, read
// independently by Python.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { androidWorldParser } from "@/lib/imports/formats/android-world/android-world";
import { mapAndroidWorldAction, actionFromOutput } from "@/lib/imports/formats/android-world/android-world-actions";
import { InlineImage } from "@/lib/imports/records";
import { parseUiTree } from "@/lib/ui-tree/parse-ui-tree";
import { prepareInput } from "@/lib/imports/import-input";
import { buildPreview } from "@/lib/imports/preview";
import { contentHash } from "@/lib/domain/content-hash";
import { collect, rejections, runs, trajectories } from "../trajectories/helpers";
import { ANDROID_WORLD_SCREEN, hasPython, readAndroidWorldRunWithPython, writeAndroidWorldRun } from "../../../support/import-fixtures/android-world";

if (!hasPython) console.log("AndroidWorld import tests skipped: python3 is not on this machine");

describe.runIf(hasPython)("AndroidWorld run directory", () => {
  it("is detected by its episode files and parses like Python reads it", async () => {
    const root = await writeAndroidWorldRun();
    expect(await androidWorldParser.detect({ root, file: null })).toBe(true);
    const items = await collect(androidWorldParser.parse({ root, file: null }));
    expect(rejections(items)).toEqual([]);
    expect(runs(items)).toHaveLength(1);
    const parsed = trajectories(items);
    const expected = readAndroidWorldRunWithPython(root);
    expect(parsed.map((t) => t.location.file)).toEqual(expected.map((e) => e.file));
    for (const [i, want] of expected.entries()) {
      if ("error" in want) throw new Error(`python could not read ${want.file}`);
      const got = parsed[i]!;
      expect(got.goal).toBe(want.goal);
      expect(got.groupKey).toBe(want.task_template);
      expect(got.sourceReward).toBe(want.is_successful);
      expect(got.steps).toHaveLength(want.steps.length);
      for (const [j, step] of want.steps.entries()) {
        const action = got.steps[j]!.action;
        const point = action && "x" in action && action.x !== undefined ? [action.x, action.y] : null;
        expect(point).toEqual(step.point);
        expect(got.steps[j]!.inlineImage ? [ANDROID_WORLD_SCREEN.height, ANDROID_WORLD_SCREEN.width, 3] : null).toEqual(step.screenshot);
      }
    }
  });

  it("keeps the task check apart from the agent's own claim", async () => {
    const root = await writeAndroidWorldRun();
    const byTemplate = new Map(trajectories(await collect(androidWorldParser.parse({ root, file: null }))).map((t) => [t.groupKey, t]));
    const m3a = byTemplate.get("ContactsAddContact")!;
    expect(m3a).toMatchObject({ autoOutcome: true, agentClaimedFinish: true, model: "m3a_gpt4v", invalidActionCount: 1 });
    expect(m3a.verdicts).toEqual([expect.objectContaining({ kind: "rule", judgeName: "androidworld/task", valueBool: true, valueScore: 1 })]);
    expect(m3a.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 87, y: 216, element: [70, 200, 104, 232] },
      { type: "type", text: "Ada Lovelace", element: [8, 60, 100, 80] },
      { type: "long_press", x: 30, y: 70 },
      { type: "scroll", direction: "down" },
      { type: "open_app", name: "Contacts" },
      // M3A could not turn the text into a JSONAction, so nothing ran: no action, though the text names one.
      null,
      { type: "finish" },
    ]);
    expect(m3a.steps[5]!.note).toContain("Can not parse the output");
    expect(m3a.steps[0]!.inlineOverlay).toBeInstanceOf(InlineImage);
    expect(m3a.steps[0]!.thought).toBe("The create button adds a contact.");
    // The element list is the step's UI tree, in index order: element 1 is what step 0 clicked.
    const tree = parseUiTree(m3a.steps[0]!.uiTreeText!);
    if (!tree.ok) throw new Error(tree.message);
    const elements = tree.tree.roots[0]!.children;
    expect(elements.map((n) => n.text)).toEqual(["Search", "Create contact", "Name"]);
    expect(elements[1]!.bounds).toEqual({ x1: 70, y1: 200, x2: 104, y2: 232 });

    const t3a = byTemplate.get("SystemWifiTurnOn")!;
    // The agent said the task is infeasible: a claim, but not of success; the check says 0.
    expect(t3a).toMatchObject({ autoOutcome: false, agentClaimedFinish: false, invalidActionCount: 1 });
    expect(t3a.steps.map((s) => s.action?.type ?? null)).toEqual(["drag", "click", null, "back", "home", "finish"]);
    expect(t3a.steps[0]).toMatchObject({ action: { type: "drag", from: { x: 0.5, y: 0 }, to: { x: 0.5, y: 1 } }, actionContract: { unit: "0-1" } });
    expect(t3a.steps[2]!.note).toContain("no action");
    expect(t3a.steps[5]!.action).toEqual({ type: "finish", isInfeasible: true });

    const seeact = byTemplate.get("ExpenseDeleteMultiple")!;
    // Partial credit: counted by AndroidWorld as half a success, neither here.
    expect(seeact).toMatchObject({ autoOutcome: null, sourceReward: 0.5, agentClaimedFinish: true });
    expect(seeact.steps[0]!.action).toEqual({ type: "click", x: 80, y: 120, element: [60, 100, 100, 140] });

    const failed = byTemplate.get("SimpleCalendarAddOneEvent")!;
    expect(failed).toMatchObject({ autoOutcome: null, sourceReward: null, verdicts: [], steps: [] });
    expect(failed.extra).toMatchObject({ exceptionInfo: expect.stringContaining("RuntimeError") });
  });

  it("previews a step with its screenshot, from the pickle's array", async () => {
    const root = await writeAndroidWorldRun();
    const prepared = await prepareInput(root, await mkdtemp(path.join(os.tmpdir(), "verity-aw-scratch-")));
    const preview = await buildPreview(prepared, null, (p) => `/file?path=${p}`);
    const first = preview.items.find((i) => i.kind === "trajectory")!;
    expect(first.image).toMatchObject({ url: expect.stringMatching(/^data:image\/png;base64,/), width: ANDROID_WORLD_SCREEN.width, height: ANDROID_WORLD_SCREEN.height });
  });

  it("refuses a truncated file and one naming an unexpected class, by name, and reads the rest", async () => {
    const root = await writeAndroidWorldRun({ broken: true });
    const items = await collect(androidWorldParser.parse({ root, file: null }));
    expect(trajectories(items)).toHaveLength(4);
    const reasons = rejections(items).map((r) => `${r.location.file}: ${r.reason}`);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^BrowseTruncated_0\.pkl\.gz: /);
    expect(reasons[1]).toMatch(/^MarkorOdd_0\.pkl\.gz: .*android_world\.env\.interface\.State/);
  });
});

describe("AndroidWorld actions", () => {
  it("names an element index it cannot place, and reads T3A's text the way Python does", () => {
    expect(mapAndroidWorldAction({ action_type: "click", index: 4 }, [])).toMatchObject({ action: { type: "click", elementLabel: "4" }, note: expect.stringContaining("out of range") });
    expect(actionFromOutput("Reason: go\nAction: {'action_type': 'open_app', 'app_name': \"Bob's\"}")).toEqual({ reason: "go", action: { action_type: "open_app", app_name: "Bob's" } });
    expect(mapAndroidWorldAction({ action_type: "unknown" }, null).action).toBeNull();
  });

  it("hashes an inline screenshot as its digest, never its bytes", () => {
    const a = new InlineImage(Buffer.from([1, 2, 3]));
    expect(Object.keys(a)).toEqual(["sha256"]);
    expect(contentHash({ image: a })).toBe(contentHash({ image: { sha256: a.sha256 } }));
  });
});
