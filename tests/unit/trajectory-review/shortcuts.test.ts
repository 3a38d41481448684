import { describe, expect, it } from "vitest";
import { commandFor, SHORTCUTS } from "@/components/trajectory-review/shortcuts";
import { intentForKey } from "@/lib/editor/keyboard";
import { catalogueOf } from "@/lib/i18n/translate";

// What both handlers read of a keydown (the unit tier runs in Node, which has no KeyboardEvent).
const event = (key: string) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false });
const press = (key: string) => commandFor(event(key) as KeyboardEvent);

describe("the trajectory review's keyboard map", () => {
  it("gives each key one command, so what the help lists is what the key does", () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of SHORTCUTS) for (const key of s.keys) expect(press(key)).toEqual(s.command);
  });

  it("zooms with the box editor's keys", () => {
    for (const [key, to] of [["+", "in"], ["=", "in"], ["-", "out"], ["0", "fit"]] as const) {
      expect(press(key)).toEqual({ kind: "zoom", to });
      expect(intentForKey(event(key))?.type).toBe({ in: "zoomIn", out: "zoomOut", fit: "fit" }[to]);
    }
  });

  it("has the toggles the issue asks for: the words beside the screenshot, the changed regions, the no-effect evidence", () => {
    expect(press("i")).toEqual({ kind: "notes" });
    expect(press("d")).toEqual({ kind: "changes" });
    expect(press("a")).toEqual({ kind: "acceptNoEffect" });
  });

  it("marks the rest correct with one key (issue 36 item 35)", () => {
    expect(press("l")).toEqual({ kind: "restCorrect" });
    expect(press("L")).toEqual({ kind: "restCorrect" });
  });

  it("names every group and help text in both languages", () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const catalogue = catalogueOf(locale);
      for (const s of SHORTCUTS) {
        expect(catalogue[s.help], s.help).toBeTruthy();
        expect(catalogue[s.group], s.group).toBeTruthy();
      }
    }
  });
});
