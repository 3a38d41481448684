// The GUI-Odyssey parser on a generated data folder in the real layout: [0,1000] actions
// under the 0-1000 contract (converted to pixels by the writer, through the contract),
// CLICK on HOME/BACK/APPSELECT as keys, scrolls with their path. Layout facts from
// OpenGVLab/GUI-Odyssey @ fefcbe9d76e2f010c68225ae7f378c4c550a89c1: README.md L38-48
// (data/annotations, data/screenshots, data/splits); introduction.md L26-39 (action, info on
// the [0,1000] grid or KEY_HOME/KEY_BACK/KEY_APPSELECT, ps with the scroll path, sam2_bbox);
// data/format_converter.py L19-46 decode_action (keys for CLICK and LONG_PRESS, typing as TEXT).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guiOdysseyParser } from "@/lib/imports/formats/gui-odyssey/gui-odyssey";
import { detectParser } from "@/lib/imports/formats/registry";
import type { ParsedItem } from "@/lib/imports/records";
import { actionToPixels } from "@/lib/imports/write/action-pixels";
import { ODYSSEY_PHONE, ODYSSEY_TABLET, writeGuiOdysseyFixture } from "../../../support/fixtures/gui-odyssey-fixture";
import { collect, exists, rejections, removeTree, trajectories } from "../trajectories/helpers";

let root: string;
let items: ParsedItem[];
const byId = (id: string) => trajectories(items).find((t) => t.sourceId === id)!;

beforeAll(async () => {
  root = await writeGuiOdysseyFixture();
  items = await collect(guiOdysseyParser.parse({ root, file: null }));
});
afterAll(() => removeTree(root));

describe("GUI-Odyssey data folder", () => {
  it("is detected from the repository root, data/, the annotations folder and one episode file", async () => {
    for (const at of ["", "data", "data/annotations"]) expect((await detectParser({ root: path.join(root, at), file: null }))?.id, at || "root").toBe("gui-odyssey");
    expect((await detectParser({ root: path.join(root, "data/annotations"), file: `${ODYSSEY_PHONE.id}.json` }))?.id).toBe("gui-odyssey");
  });

  it("yields one trajectory per episode file; the split lists are not episodes", () => {
    expect(rejections(items)).toEqual([]);
    expect(trajectories(items).map((t) => [t.sourceId, t.steps.length])).toEqual([
      [ODYSSEY_PHONE.id, 8],
      [ODYSSEY_TABLET.id, 2],
    ]);
  });

  it("maps every action kind, keys as home/back/recent, scroll from -> to, COMPLETE/INCOMPLETE as finish", () => {
    const phone = byId(ODYSSEY_PHONE.id);
    expect(phone.steps.map((s) => s.action)).toEqual([
      { type: "click", x: 500, y: 250, element: [400, 200, 600, 300] },
      { type: "type", text: "New York Fashion Week" },
      { type: "scroll", from: { x: 500, y: 800 }, to: { x: 500, y: 300 } },
      { type: "home" },
      { type: "long_press", x: 250, y: 600, element: [200, 550, 300, 650] },
      { type: "back" },
      { type: "recent" },
      { type: "finish" },
    ]);
    expect(phone.steps.map((s) => s.actionContract?.unit ?? null)).toEqual(["0-1000", null, "0-1000", null, "0-1000", null, null, null]);
    expect(phone).toMatchObject({ goal: expect.stringMatching(/^Utilize DuckDuckGo/), app: "DuckDuckGo + TickTick", benchmark: "gui-odyssey", agentClaimedFinish: true, autoOutcome: null });
    expect(byId(ODYSSEY_TABLET.id).steps[1]!.action).toEqual({ type: "finish", isInfeasible: true });
    expect(byId(ODYSSEY_TABLET.id).agentClaimedFinish).toBe(false);
  });

  it("turns [0,1000] into the screenshot's pixels through the contract", () => {
    const [click] = byId(ODYSSEY_PHONE.id).steps;
    expect(actionToPixels(click!.action!, click!.actionContract, { width: ODYSSEY_PHONE.w, height: ODYSSEY_PHONE.h })).toEqual({ type: "click", x: 360, y: 320, element: [288, 256, 432, 384] });
  });

  it("puts each step on its own screenshot and keeps the intention, instructions and scroll path", async () => {
    const phone = byId(ODYSSEY_PHONE.id);
    for (const [i, step] of phone.steps.entries()) {
      expect(step.imageRef).toBe(`data/screenshots/${ODYSSEY_PHONE.id}_${i}.png`);
      expect(await exists(path.join(root, step.imageRef!))).toBe(true);
    }
    expect(phone.steps[0]!.thought).toBe("Step 0: click to move the task on.");
    const extras = (phone.extra as { steps: { index: number; scrollPath?: unknown; lowLevelInstruction?: string }[] }).steps;
    expect(extras[2]).toMatchObject({ index: 2, scrollPath: [[500, 800], [500, 650], [500, 450], [500, 300]], lowLevelInstruction: "Do scroll now" });
    expect(phone.extra).toMatchObject({ device: { w: 720, h: 1280, device_name: "Small Phone" } });
  });
});
