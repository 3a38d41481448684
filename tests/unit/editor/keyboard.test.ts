import { describe, expect, it } from "vitest";
import { KEYMAP, intentForKey, type EditorIntent, type KeyInput } from "@/lib/editor/keyboard";

function key(k: string, mods: Partial<Omit<KeyInput, "key">> = {}): KeyInput {
  return { key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods };
}

describe("intentForKey", () => {
  it("nudges 1 px with arrows and 10 px with Shift", () => {
    expect(intentForKey(key("ArrowLeft"))).toEqual({ type: "nudge", direction: "left", step: 1 });
    expect(intentForKey(key("ArrowRight"))).toEqual({ type: "nudge", direction: "right", step: 1 });
    expect(intentForKey(key("ArrowUp", { shiftKey: true }))).toEqual({
      type: "nudge",
      direction: "up",
      step: 10,
    });
    expect(intentForKey(key("ArrowDown", { shiftKey: true }))).toEqual({
      type: "nudge",
      direction: "down",
      step: 10,
    });
  });

  it("maps undo and redo on Ctrl and Cmd", () => {
    expect(intentForKey(key("z", { ctrlKey: true }))).toEqual({ type: "undo" });
    expect(intentForKey(key("z", { metaKey: true }))).toEqual({ type: "undo" });
    expect(intentForKey(key("Z", { ctrlKey: true, shiftKey: true }))).toEqual({ type: "redo" });
    expect(intentForKey(key("Z", { metaKey: true, shiftKey: true }))).toEqual({ type: "redo" });
    expect(intentForKey(key("y", { ctrlKey: true }))).toEqual({ type: "redo" });
  });

  it("maps the plain keys", () => {
    const cases: Array<[KeyInput, EditorIntent]> = [
      [key("Delete"), { type: "delete" }],
      [key("Backspace"), { type: "delete" }],
      [key("+", { shiftKey: true }), { type: "zoomIn" }],
      [key("="), { type: "zoomIn" }],
      [key("-"), { type: "zoomOut" }],
      [key("0"), { type: "fit" }],
      [key("1"), { type: "actualSize" }],
      [key("Escape"), { type: "deselect" }],
      [key("n"), { type: "drawMode" }],
      [key("N", { shiftKey: true }), { type: "drawMode" }],
      [key("t"), { type: "toggleTargetAbsent" }],
      [key("?", { shiftKey: true }), { type: "toggleHelp" }],
    ];
    for (const [input, expected] of cases) {
      expect(intentForKey(input), input.key).toEqual(expected);
    }
  });

  it("s selects the next box and Shift+S the previous; e and Shift+E choose the edge; o hides the labels", () => {
    expect(intentForKey(key("s"))).toEqual({ type: "selectNext" });
    expect(intentForKey(key("S", { shiftKey: true }))).toEqual({ type: "selectPrevious" });
    // Caps Lock: an upper-case letter without Shift is still the plain key.
    expect(intentForKey(key("S"))).toEqual({ type: "selectNext" });
    expect(intentForKey(key("e"))).toEqual({ type: "nextEdge" });
    expect(intentForKey(key("E", { shiftKey: true }))).toEqual({ type: "previousEdge" });
    expect(intentForKey(key("o"))).toEqual({ type: "toggleLabels" });
    expect(intentForKey(key("s", { ctrlKey: true }))).toBeNull();
    expect(intentForKey(key("e", { altKey: true }))).toBeNull();
  });

  it("b snaps to the UI element, in either case", () => {
    expect(intentForKey(key("b"))).toEqual({ type: "snapToElement" });
    expect(intentForKey(key("B", { shiftKey: true }))).toEqual({ type: "snapToElement" });
  });

  it("leaves browser and OS shortcuts alone", () => {
    expect(intentForKey(key("0", { ctrlKey: true }))).toBeNull();
    expect(intentForKey(key("+", { ctrlKey: true }))).toBeNull();
    expect(intentForKey(key("c", { metaKey: true }))).toBeNull();
    expect(intentForKey(key("ArrowLeft", { altKey: true }))).toBeNull();
    expect(intentForKey(key("z", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(intentForKey(key("y", { metaKey: true }))).toBeNull();
    expect(intentForKey(key("x"))).toBeNull();
    expect(intentForKey(key("Enter"))).toBeNull();
    expect(intentForKey(key("constructor"))).toBeNull();
  });
});

describe("KEYMAP", () => {
  it("lists every intent intentForKey can return, and only those", () => {
    const listed = new Set(KEYMAP.map((row) => row.intent));
    expect([...listed].sort()).toEqual(
      [
        "actualSize",
        "delete",
        "deselect",
        "drawMode",
        "fit",
        "nextEdge",
        "nudge",
        "previousEdge",
        "redo",
        "selectNext",
        "selectPrevious",
        "snapToElement",
        "toggleHelp",
        "toggleLabels",
        "toggleSnapToPixels",
        "toggleTargetAbsent",
        "undo",
        "zoomIn",
        "zoomOut",
      ].sort(),
    );
    for (const row of KEYMAP) {
      expect(row.keys.length, row.intent).toBeGreaterThan(0);
      expect(row.description.length, row.intent).toBeGreaterThan(0);
    }
  });
});
