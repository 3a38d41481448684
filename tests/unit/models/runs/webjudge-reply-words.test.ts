// A WebJudge item's stored replies in the reader's words, in both languages: the key points
// read, each screenshot's score and whether the outcome question was shown it.
import { describe, expect, it } from "vitest";
import { parsedText } from "@/components/model-runs/run-labels";
import { translator } from "@/lib/i18n/translate";

describe("a WebJudge item's replies in words", () => {
  const en = translator("en");
  const zh = translator("zh-CN");
  it("says how many key points were read, each screenshot's score and whether it was kept", () => {
    expect(parsedText(en, "en", { kind: "key_points", points: ["a", "b"] })).toBe("key points read: 2");
    expect(parsedText(en, "en", { kind: "relevance", score: 4, kept: true, reasoning: "x" })).toBe("score 4 of 5: kept for the outcome question");
    expect(parsedText(zh, "zh-CN", { kind: "relevance", score: 2, kept: false, reasoning: "x" })).toBe("评分 2（满分 5）：未保留");
    expect(parsedText(en, "en", { kind: "wrong_format", problem: "no score", kept: false })).toBe("no score could be read, so not kept: no score");
    expect(parsedText(en, "en", { kind: "wrong_format", problem: "no status" })).toBe("wrong format: no status");
  });
});
