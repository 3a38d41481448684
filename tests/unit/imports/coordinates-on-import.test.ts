// How an import reads coordinates it cannot take at face value: boxes that look normalised
// under a pixel contract, an image whose size differs from the record's stated size, and the
// "format:unit" contract named on the CLI, in the API and in a Verity JSONL line.
import { describe, expect, it } from "vitest";
import { CONTRACT_CHOICES, parseContractChoice } from "@/lib/imports/contract-choice";
import { parseImportFlags } from "@/lib/cli/import-command";
import { targetToPixels } from "@/lib/imports/write/target-pixels";
import { compareStatedSize } from "@/lib/imports/write/stated-size";

const px = { format: "xyxy", unit: "px" } as const;

describe("a pixel contract on normalised-looking coordinates", () => {
  it("refuses a box whose values all lie in [0, 1], and says how to read it instead", () => {
    const result = targetToPixels({ kind: "box", raw: [0.1, 0.2, 0.35, 0.25], contract: px }, { width: 1080, height: 1920 }, null);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/box \[0\.1, 0\.2, 0\.35, 0\.25\] lies within \[0, 1\], so it looks normalised.*--contract xyxy:0-1/) });
  });

  it("reads the same box under a 0-1 contract, and a real pixel box as it is", () => {
    expect(targetToPixels({ kind: "box", raw: [0.1, 0.2, 0.35, 0.25], contract: { format: "xyxy", unit: "0-1" } }, { width: 1080, height: 1920 }, null)).toMatchObject({
      ok: true,
      box: [108, 384, 378, 480],
    });
    expect(targetToPixels({ kind: "box", raw: [10, 20, 35, 25], contract: px }, { width: 1080, height: 1920 }, null)).toMatchObject({ ok: true, box: [10, 20, 35, 25] });
  });

  it("refuses a polygon of normalised points too", () => {
    const points: [number, number][] = [[0.1, 0.1], [0.2, 0.1], [0.2, 0.3]];
    expect(targetToPixels({ kind: "polygon", points, contract: px }, null, { width: 100, height: 100 })).toMatchObject({ ok: false });
  });
});

describe("an image whose size differs from the record's stated size", () => {
  it("is refused with both sizes when the aspect ratio differs", () => {
    const result = targetToPixels({ kind: "box", raw: [10, 10, 50, 50], contract: px }, { width: 1920, height: 1080 }, { width: 1080, height: 1920 });
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/1080x1920.*1920x1080.*another aspect ratio/) });
  });

  it("rescales a same-aspect resize, rounding to whole pixels allowed, and says so", () => {
    expect(targetToPixels({ kind: "box", raw: [100, 100, 300, 200], contract: px }, { width: 1600, height: 1000 }, { width: 800, height: 500 })).toMatchObject({ ok: true, box: [50, 50, 150, 100] });
    expect(compareStatedSize({ width: 3840, height: 2160 }, { width: 1000, height: 563 })).toMatchObject({ kind: "resized", note: expect.stringMatching(/1000x563.*3840x2160.*rescaled/) });
    expect(compareStatedSize({ width: 10, height: 10 }, { width: 10, height: 10 })).toEqual({ kind: "same" });
  });
});

describe("the format:unit contract", () => {
  it("names every box format and unit, and nothing else", () => {
    expect(CONTRACT_CHOICES).toHaveLength(10);
    expect(parseContractChoice("xywh:0-1000")).toEqual({ format: "xywh", unit: "0-1000" });
    for (const bad of ["xyxy", "xyxy:0-10", "xy:px", "xyxy:px:1", ""]) expect(parseContractChoice(bad), bad).toBeNull();
  });

  it("is validated on the CLI with the list of what is accepted", () => {
    expect(parseImportFlags({ contract: "xyxy:0-1", model: " qwen " })).toEqual({ contract: { format: "xyxy", unit: "0-1" }, model: "qwen" });
    expect(() => parseImportFlags({ contract: "pixels" })).toThrow(/--contract must be one of xyxy:px, xyxy:0-1,.*not "pixels"/);
    expect(() => parseImportFlags({ model: "" })).toThrow(/--model/);
  });
});
