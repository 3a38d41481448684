// What a screenshot costs in tokens per model, and the bounds a snapshot's launch lengths come
// from (issue 36 item 2: verl's README fixed max_prompt_length=8192 while a 3840x2400
// screenshot alone is 11,782 Qwen2.5-VL tokens).
import { describe, expect, it } from "vitest";
import { conversationTokenBound, imageTokens, launchLength } from "@/lib/exports/conventions/image-tokens";
import { newTokenTally, tallyRowTokens, tokenSummary } from "@/lib/exports/build/token-tally";
import type { RowImage } from "@/lib/exports/rows/training-row";

const image = (width: number, height: number): RowImage => ({ mediaId: "m", sha256: "s", mime: "image/png", storageKey: "k", width, height });

describe("image tokens after smart_resize", () => {
  it("Qwen2.5-VL (factor 28) and Qwen3-VL (factor 32)", () => {
    // 3456x2160 -> 3444x2156 = 123 x 77 patches of 28
    expect(imageTokens({ width: 3456, height: 2160 }, "qwen2.5-vl")).toBe(9471);
    // 3840x2400 -> 3836x2408 = 137 x 86; for Qwen3-VL 3840x2400 = 120 x 75 patches of 32
    expect(imageTokens({ width: 3840, height: 2400 }, "qwen2.5-vl")).toBe(11782);
    expect(imageTokens({ width: 3840, height: 2400 }, "qwen3-vl")).toBe(9000);
    // Over the cap (7680x4320 > 12845056 pixels): scaled down, never past 16384 tokens.
    expect(imageTokens({ width: 7680, height: 4320 }, "qwen2.5-vl")).toBeLessThanOrEqual(16384);
    expect(imageTokens({ width: 20100, height: 100 }, "qwen2.5-vl")).toBeNull();
  });

  it("bounds a conversation from above and rounds the flag up to 256", () => {
    expect(conversationTokenBound([11782], 1000, 2)).toBe(11782 + 2 + 1000 + 16 + 32);
    expect(launchLength(12832)).toBe(13056);
    expect(launchLength(10)).toBe(256);
  });

  it("keeps the largest screenshot per model and the longest prompt and row", () => {
    const tally = newTokenTally();
    tallyRowTokens(tally, { turns: [{ role: "user", content: "<image>Tap the icon" }, { role: "assistant", content: "[1,2]" }], images: [image(1080, 2400)] });
    tallyRowTokens(tally, { turns: [{ role: "user", content: "<image>Go" }, { role: "assistant", content: "[500,500]" }], images: [image(3840, 2400)] });
    const summary = tokenSummary(tally)!;
    expect(summary.largestImage).toEqual({ width: 3840, height: 2400 });
    expect(summary.imageTokens["qwen2.5-vl"]).toEqual({ tokens: 11782, width: 3840, height: 2400 });
    expect(summary.imageTokens["qwen3-vl"]).toEqual({ tokens: 9000, width: 3840, height: 2400 });
    // "<image>Go" is 9 bytes (the placeholder's own 7 bytes kept: a bound may be a few over); one prompt turn.
    expect(summary.promptTokenBound).toBe(11782 + 2 + 9 + 8 + 32);
    // With the answer "[500,500]" (9 bytes), two turns.
    expect(summary.rowTokenBound).toBe(11782 + 2 + 9 + 9 + 16 + 32);
    expect(tokenSummary(newTokenTally())).toBeNull();
  });
});
