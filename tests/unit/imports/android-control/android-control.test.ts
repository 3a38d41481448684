// The AndroidControl parser on generated JSON episodes: action i on screenshot i, pixel
// coordinates under a contract whose reference is the size the episode lists, `type` as a
// click, the text and Enter, unknown action types reported. Layout facts from
// google-research/google-research android_control/README.md @ 0ced6d0dc454f50b6900981434ebfcc25e56675a:
// L16-23 the episode fields (len(actions) == len(screenshots) - 1), L29-37 the action types.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { androidControlParser } from "@/lib/imports/formats/android-control/android-control";
import { detectParser } from "@/lib/imports/formats/registry";
import type { ParsedItem } from "@/lib/imports/records";
import { actionToPixels } from "@/lib/imports/write/action-pixels";
import { CONTROL_LISTED, CONTROL_NAMED, writeAndroidControlFixture } from "../../../support/fixtures/android-control-fixture";
import { collect, exists, rejections, removeTree, trajectories } from "../trajectories/helpers";

let root: string;
let items: ParsedItem[];

beforeAll(async () => {
  root = path.join(await writeAndroidControlFixture(), "android_control");
  items = [
    ...(await collect(androidControlParser.parse({ root, file: `${CONTROL_LISTED}.json` }))),
    ...(await collect(androidControlParser.parse({ root, file: `${CONTROL_NAMED}.json` }))),
  ];
});
afterAll(() => removeTree(path.dirname(root)));

describe("AndroidControl JSON episodes", () => {
  it("is detected from the episode file", async () => {
    expect((await detectParser({ root, file: `${CONTROL_LISTED}.json` }))?.id).toBe("android-control");
    expect((await detectParser({ root, file: `${CONTROL_NAMED}.json` }))?.id).toBe("android-control");
  });

  it("maps every action type, `type` into three steps, and reports the unknown one", () => {
    expect(rejections(items)).toEqual([]);
    const [listed] = trajectories(items);
    expect(listed!.steps.map((s) => s.action)).toEqual([
      { type: "open_app", name: "Clock" },
      { type: "click", x: 540, y: 1200 },
      { type: "click", x: 540, y: 300 },
      { type: "type", text: "07:30" },
      { type: "enter" },
      { type: "scroll", direction: "down" },
      { type: "long_press", x: 100, y: 2000 },
      { type: "type", text: "Wake up" },
      { type: "back" },
      { type: "home" },
      { type: "wait" },
      null,
    ]);
    expect(listed!.steps[11]!.note).toMatch(/unknown AndroidControl action_type "zoom"/);
    expect(listed!.steps[2]!.note).toMatch(/a click, the text and Enter: 3 steps on one screenshot/);
    expect(listed).toMatchObject({ sourceDataset: "android-control", sourceId: "1001", goal: "Set an alarm for 7:30 called Wake up in the Clock app.", app: "Clock", autoOutcome: null });
  });

  it("puts action i on screenshot i, keeps the step instruction, and the last screenshot as the end state", async () => {
    const [listed, named] = trajectories(items);
    expect(listed!.steps.map((s) => s.imageRef)).toEqual([0, 1, 2, 2, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `${CONTROL_LISTED}/screenshot_${i}.png`));
    expect(listed!.steps[5]!.thought).toBe("Do scroll");
    expect(listed!.extra).toMatchObject({ endScreenshotRef: `${CONTROL_LISTED}/screenshot_10.png` });
    expect(named!.steps.map((s) => [s.imageRef, s.note])).toEqual([
      [`${CONTROL_NAMED}/screenshot_0.png`, null],
      [`${CONTROL_NAMED}/screenshot_1.png`, null],
    ]);
    for (const step of [...listed!.steps, ...named!.steps]) expect(await exists(path.join(root, step.imageRef!))).toBe(true);
  });

  it("rescales pixels from the listed screenshot size to the stored one, through the contract", () => {
    const click = trajectories(items)[0]!.steps[1]!;
    expect(click.actionContract).toEqual({ format: "xyxy", unit: "px", reference: { width: 1080, height: 2400 } });
    expect(actionToPixels(click.action!, click.actionContract, { width: 540, height: 1200 })).toEqual({ type: "click", x: 270, y: 600 });
  });
});
