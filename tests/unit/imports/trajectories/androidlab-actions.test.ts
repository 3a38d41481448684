// parsed_action shapes from both AndroidLab executors (FORMAT.md §4a XML, §4b SoM).
import { describe, expect, it } from "vitest";
import { mapAndroidLabAction } from "@/lib/imports/formats/trajectories/androidlab-actions";

const doAction = (action: string, kwargs?: Record<string, unknown>) => ({
  operation: "do",
  action,
  ...(kwargs === undefined ? {} : { kwargs }),
});

describe("mapAndroidLabAction", () => {
  it("taps a box at its centre and a point where it says", () => {
    expect(mapAndroidLabAction(doAction("Tap", { element: [10, 20, 30, 41] }))).toEqual({
      action: { type: "click", x: 20, y: 30.5, element: [10, 20, 30, 41] },
      note: null,
    });
    expect(mapAndroidLabAction(doAction("Tap", { element: [540, 1200] })).action).toEqual({ type: "click", x: 540, y: 1200 });
    expect(mapAndroidLabAction(doAction("Long Press", { element: [5, 6] })).action).toEqual({ type: "long_press", x: 5, y: 6 });
  });

  it("keeps relative-bbox floats as they are (already device pixels)", () => {
    expect(mapAndroidLabAction(doAction("Tap", { element: [10.5, 20.25, 30.5, 40.25] })).action).toMatchObject({ x: 20.5, y: 30.25 });
  });

  it("maps swipes to scrolls with the source's direction, starting at the element when there is one", () => {
    expect(mapAndroidLabAction(doAction("Swipe", { element: null, direction: "up", dist: "medium" })).action).toEqual({
      type: "scroll",
      direction: "up",
    });
    expect(mapAndroidLabAction(doAction("Swipe", { element: [0, 100, 200, 300], direction: "left", dist: 3 })).action).toEqual({
      type: "scroll",
      direction: "left",
      from: { x: 100, y: 200 },
      element: [0, 100, 200, 300],
    });
    expect(mapAndroidLabAction(doAction("Swipe", { element: [7, 8], direction: "down", dist: "long" })).action).toEqual({
      type: "scroll",
      direction: "down",
      from: { x: 7, y: 8 },
    });
  });

  it("maps the key-less actions of both executors", () => {
    for (const [name, type] of [
      ["Press Enter", "enter"],
      ["Enter", "enter"],
      ["Press Back", "back"],
      ["Back", "back"],
      ["Press Home", "home"],
      ["Home", "home"],
    ] as const) {
      expect(mapAndroidLabAction(doAction(name)).action).toEqual({ type });
      expect(mapAndroidLabAction(doAction(name, {})).action).toEqual({ type });
    }
  });

  it("maps typing, waiting, launching and finishing", () => {
    expect(mapAndroidLabAction(doAction("Type", { text: "hello 世界" })).action).toEqual({ type: "type", text: "hello 世界" });
    expect(mapAndroidLabAction(doAction("Wait")).action).toEqual({ type: "wait", seconds: 5 });
    expect(mapAndroidLabAction(doAction("Wait", { interval: 2 })).action).toEqual({ type: "wait", seconds: 2 });
    expect(mapAndroidLabAction(doAction("Launch", { package: "com.android.settings" })).action).toEqual({
      type: "open_app",
      name: "com.android.settings",
    });
    expect(mapAndroidLabAction(doAction("Launch", { app_name: "Clock" })).action).toEqual({ type: "open_app", name: "Clock" });
    expect(mapAndroidLabAction({ operation: "finish", action: "finish", kwargs: { message: "done" } }).action).toEqual({
      type: "finish",
      answer: "done",
    });
    expect(mapAndroidLabAction({ operation: "finish", action: "finish", kwargs: { message: null } }).action).toEqual({ type: "finish" });
    expect(mapAndroidLabAction({ type: "finish", input: "legacy" }).action).toEqual({ type: "finish", answer: "legacy" });
  });

  it("returns no action, with a note saying why, for what it cannot map", () => {
    expect(mapAndroidLabAction(null)).toEqual({ action: null, note: "parsed_action is null" });
    expect(mapAndroidLabAction(doAction("Fly", {}))).toEqual({ action: null, note: 'unknown AndroidLab action "Fly"' });
    expect(mapAndroidLabAction(doAction("Call_API", { instruction: "x" })).note).toBe("Call_API has no canonical action");
    expect(mapAndroidLabAction({ weird: true }).note).toMatch(/^parsed_action has an unknown shape: field "action"/);
    expect(mapAndroidLabAction(doAction("Tap", { element: [1, 2, 3] })).note).toMatch(/^Tap: kwargs field "element"/);
    expect(mapAndroidLabAction(doAction("Tap", { element: [30, 40, 10, 20] })).note).toMatch(/x1 <= x2/);
    expect(mapAndroidLabAction(doAction("Swipe", { element: null, direction: "sideways" })).note).toMatch(/field "direction"/);
    expect(mapAndroidLabAction(doAction("Type", {})).note).toMatch(/field "text"/);
    expect(mapAndroidLabAction(doAction("Launch", {})).note).toMatch(/Launch needs kwargs.package or kwargs.app_name/);
  });
});
