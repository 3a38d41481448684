import { describe, expect, it } from "vitest";
import { reasonText, TRAJECTORY_PRESETS } from "@/lib/triage/reason-presets";

describe("triage reason presets", () => {
  it("keys 1-5 name the presets, a note is appended, and 'other' is the note itself", () => {
    expect(TRAJECTORY_PRESETS).toHaveLength(5);
    expect(reasonText("trajectory", 3, "")).toBe("premature finish");
    expect(reasonText("trajectory", 1, "  tiny icon ")).toBe("judge misread the screen: tiny icon");
    expect(reasonText("sample", 2, "")).toBe("score too harsh");
    expect(reasonText("step", 3, "it scrolled past the item")).toBe("action was wrong or wasted: it scrolled past the item");
    expect(reasonText("trajectory", 5, "cart was empty")).toBe("cart was empty");
  });

  it("refuses 'other' without a few words, and keys outside 1-5", () => {
    expect(reasonText("trajectory", 5, " ok ")).toBeNull();
    expect(reasonText("trajectory", 6, "x")).toBeNull();
    expect(reasonText("sample", 0, "x")).toBeNull();
  });
});
