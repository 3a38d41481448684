// The UI-Venus trace parser on ../shared/fixtures/ui-venus/trace/trace.json (7 screenshots, no
// actions), from either folder a user might upload, and on broken synthetic files.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uiVenusTraceParser } from "@/lib/imports/formats/trajectories/ui-venus-trace";
import { collect, exists, fixture, PNG, rejections, removeTree, tempTree, trajectories } from "./helpers";
import { describePublic } from "../../../support/public-fixtures";
import { generatedFixtures } from "../../../support/import-fixtures";
import { VENUS_TRACE_STEPS } from "../../../support/import-fixtures/ui-venus";

const GOAL = '在夸克浏览器中，查看云图片中的"壁纸_3.jpg"的详细信息，并记住文件名，文件大小和文件ID，并以空格分隔符分隔，输出';

describe("ui-venus-trace parser on a generated examples folder", () => {
  it("finds the repository-relative screenshots beside trace.json", async () => {
    const root = path.join(await generatedFixtures(), "ui-venus");
    const [t] = trajectories(await collect(uiVenusTraceParser.parse({ root, file: "trace/trace.json" })));
    expect(t!.steps).toHaveLength(VENUS_TRACE_STEPS);
    for (const step of t!.steps) {
      expect(step.imageRef!.startsWith("trace/")).toBe(true);
      expect(await exists(path.join(root, step.imageRef!))).toBe(true);
    }
  });
});

describePublic("ui-venus-trace parser on the public fixture", () => {
  it("reads one trajectory of 7 action-less steps from the trace folder", async () => {
    const root = fixture("ui-venus", "trace");
    const items = await collect(uiVenusTraceParser.parse({ root, file: null }));
    expect(rejections(items)).toEqual([]);
    const [t] = trajectories(items);
    expect(trajectories(items)).toHaveLength(1);
    expect(t).toMatchObject({ sourceDataset: "ui-venus-trace", goal: GOAL, autoOutcome: null, invalidActionCount: 0, agentClaimedFinish: false });
    expect(t!.location).toEqual({ file: "trace.json", line: 1 });
    expect(t!.steps).toHaveLength(7);
    expect(t!.steps[0]!.imageRef).toBe("5842fa4411caad04cbcd67e514c2b426.png");
    for (const step of t!.steps) {
      expect(step.action).toBeNull();
      expect(step.note).toBe("the source records no action");
      expect(await exists(path.join(root, step.imageRef!))).toBe(true);
    }
  });

  it("resolves the repository-relative image paths from a parent root too, with the same id", async () => {
    const root = fixture("ui-venus");
    const fromParent = trajectories(await collect(uiVenusTraceParser.parse({ root, file: "trace/trace.json" })));
    const fromTrace = trajectories(await collect(uiVenusTraceParser.parse({ root: fixture("ui-venus", "trace"), file: null })));
    expect(fromParent[0]!.steps[0]!.imageRef).toBe("trace/5842fa4411caad04cbcd67e514c2b426.png");
    expect(fromParent[0]!.location.file).toBe("trace/trace.json");
    expect(fromParent[0]!.sourceId).toBe(fromTrace[0]!.sourceId);
    for (const step of fromParent[0]!.steps) expect(await exists(path.join(root, step.imageRef!))).toBe(true);
  });
});

describe("ui-venus-trace parser on broken input", () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await tempTree({
      "trace.json": JSON.stringify([
        [
          { image_path: "examples/trace/a.png", task: "do a" },
          { image_path: "examples/trace/gone.png", task: "do a" },
        ],
        [{ image_path: "examples/trace/a.png" }],
        [],
      ]),
      "a.png": PNG,
      "bad/trace.json": "[[{",
    });
  });
  afterAll(async () => {
    await removeTree(tmp);
  });

  it("keeps a missing image's raw path with a note and rejects invalid traces by position", async () => {
    const items = await collect(uiVenusTraceParser.parse({ root: tmp, file: null }));
    const [t] = trajectories(items);
    expect(t!.steps.map((s) => s.imageRef)).toEqual(["a.png", "examples/trace/gone.png"]);
    expect(t!.steps[1]!.note).toBe("the source records no action; image examples/trace/gone.png not found under the import root");
    expect(rejections(items).map((r) => [r.location, r.reason])).toEqual([
      [{ file: "trace.json", line: 2 }, expect.stringMatching(/field "0\.task"/)],
      [{ file: "trace.json", line: 3 }, expect.stringMatching(/at least one step/)],
    ]);
  });

  it("rejects a file that is not JSON", async () => {
    const items = await collect(uiVenusTraceParser.parse({ root: tmp, file: "bad/trace.json" }));
    expect(items).toEqual([
      { type: "rejected", location: { file: "bad/trace.json", line: null }, reason: expect.stringMatching(/cannot read the trace file/) },
    ]);
  });
});
