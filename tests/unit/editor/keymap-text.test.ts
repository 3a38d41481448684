// Every shortcut the "?" overlay lists has its words in the catalogue, so the Chinese help
// never falls back to an English description.
import { describe, expect, it } from "vitest";
import { KEYMAP_TEXT } from "@/components/editor/keymap-text";
import { KEYMAP } from "@/lib/editor/keyboard";
import { translator } from "@/lib/i18n/translate";

describe("KEYMAP_TEXT", () => {
  it("has an entry for every KEYMAP row and none for a row that is gone", () => {
    expect(Object.keys(KEYMAP_TEXT).sort()).toEqual(KEYMAP.map((row) => row.keys).sort());
  });

  it("words each row in Chinese", () => {
    const t = translator("zh-CN");
    expect(t(KEYMAP_TEXT["Arrow keys"]!.does)).toBe("选中框移动 1 像素");
  });
});
