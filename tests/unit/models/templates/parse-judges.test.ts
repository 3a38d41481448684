// Judge, WebJudge and quality-teacher replies as models write them: verdicts, scores and
// rewrites read exactly, and a reply that does not say one thing is wrong_format.
import { describe, expect, it } from "vitest";
import { parseReply } from "@/lib/models/templates/parse-reply";
import { renderPrompt } from "@/lib/models/templates/render-prompt";
import { WEBJUDGE_OUTCOME } from "@/lib/models/templates/webjudge-presets";
import { keyScreenshots, webJudgeActionHistory } from "@/lib/models/templates/webjudge-steps";

describe("verdict (Thoughts / Status)", () => {
  it("reads WebJudge's two lines", () => {
    const reply = 'Thoughts: The results are sorted by price, low to high, and the first flight is shown.\nStatus: "success"';
    expect(parseReply("verdict", reply)).toEqual({ kind: "verdict", success: true, rationale: "The results are sorted by price, low to high, and the first flight is shown.", raw: reply });
    expect(parseReply("verdict", "**Thoughts**: No filter was applied.\n**Status**: failure")).toMatchObject({ kind: "verdict", success: false, rationale: "No filter was applied." });
    expect(parseReply("verdict", "<think>Let me check each key point.</think>\nThoughts: done.\nSTATUS: 'Success'")).toMatchObject({ kind: "verdict", success: true, rationale: "done." });
  });

  it("is wrong_format when the judge did not say success or failure once", () => {
    expect(parseReply("verdict", "Thoughts: hard to tell.")).toMatchObject({ kind: "wrong_format", problem: 'expected a line Status: "success" or "failure"; found none in "Thoughts: hard to tell."' });
    expect(parseReply("verdict", "Thoughts: x\nStatus: partial")).toMatchObject({ kind: "wrong_format", problem: 'expected Status: "success" or "failure"; found Status: partial' });
    // WebJudge's own reading would call this a success ("success" in the text after status:).
    expect(parseReply("verdict", "Thoughts: x\nStatus: not a success")).toMatchObject({ kind: "wrong_format", problem: 'expected Status: "success" or "failure"; found Status: not' });
    expect(parseReply("verdict", "Status: success\nStatus: failure")).toMatchObject({ kind: "wrong_format", problem: "expected one Status; found both success and failure" });
    expect(parseReply("verdict", "Thoughts: x\nStatus:")).toMatchObject({ kind: "wrong_format", problem: 'expected Status: "success" or "failure"; found Status: (nothing)' });
  });
});

describe("score_rewrite (the quality teacher's JSON)", () => {
  it("reads the object in a code fence after thinking, with a rewrite or null", () => {
    const reply = '<think>The label clicks the Wi-Fi toggle.</think>\n```json\n{"score": 5, "reasons": "The click lands on the Wi-Fi toggle, but the instruction says \\"network\\".", "rewrite": "Turn on Wi-Fi"}\n```';
    expect(parseReply("score_rewrite", reply)).toEqual({ kind: "score", score: 5, reasons: 'The click lands on the Wi-Fi toggle, but the instruction says "network".', rewrite: "Turn on Wi-Fi", raw: reply });
    expect(parseReply("score_rewrite", 'Here is my {assessment}: {"score": 9, "reasons": "Exact match.", "rewrite": null}')).toMatchObject({ kind: "score", score: 9, reasons: "Exact match.", rewrite: null });
    expect(parseReply("score_rewrite", '{"score": 0, "reasons": "The target is not on screen.", "rewrite": null}')).toMatchObject({ kind: "score", score: 0 });
  });

  it("is wrong_format for scores outside 0-10 or not integers, missing fields, no object or two", () => {
    expect(parseReply("score_rewrite", '{"score": 11, "reasons": "x", "rewrite": null}')).toMatchObject({ kind: "wrong_format", problem: expect.stringMatching(/"score" is wrong \(.*\), found 11$/) });
    expect(parseReply("score_rewrite", '{"score": 6.5, "reasons": "x", "rewrite": null}')).toMatchObject({ kind: "wrong_format", problem: expect.stringMatching(/"score" is wrong .*found 6\.5$/) });
    expect(parseReply("score_rewrite", '{"score": "7", "reasons": "x", "rewrite": null}')).toMatchObject({ kind: "wrong_format", problem: expect.stringMatching(/"score" is wrong .*found "7"$/) });
    expect(parseReply("score_rewrite", '{"score": 7, "reasons": "x"}')).toMatchObject({ kind: "wrong_format", problem: expect.stringMatching(/"rewrite" is wrong .*found nothing$/) });
    expect(parseReply("score_rewrite", '{"score": 7, "reasons": " ", "rewrite": null}')).toMatchObject({ kind: "wrong_format", problem: expect.stringMatching(/"reasons" is wrong/) });
    expect(parseReply("score_rewrite", "Score: 7. Good sample.")).toMatchObject({ kind: "wrong_format", problem: 'expected one JSON object {"score": 0-10, "reasons": "...", "rewrite": "..." or null}; found none in "Score: 7. Good sample."' });
    expect(parseReply("score_rewrite", '{"score": 7, "reasons": "a", "rewrite": null} {"score": 3, "reasons": "b", "rewrite": null}')).toMatchObject({ kind: "wrong_format", problem: 'expected one JSON object {"score": 0-10, "reasons": "...", "rewrite": "..." or null}; found 2 objects' });
  });
});

describe("WebJudge key points and key screenshots", () => {
  it("passes the key points on exactly as WebJudge's evaluator does", () => {
    const reply = "**Key Points**:\n1. Search for flights from New York to London\n\n2. Filter by cheapest\n   3. Departure on May 5";
    expect(parseReply("key_points", reply)).toEqual({
      kind: "key_points",
      points: ["Search for flights from New York to London", "Filter by cheapest", "Departure on May 5"],
      text: "\n1. Search for flights from New York to London\n2. Filter by cheapest\n3. Departure on May 5",
      raw: reply,
    });
    expect(parseReply("key_points", "Key Points:\n1. Open the cart")).toMatchObject({ kind: "key_points", points: ["Open the cart"], text: "\n1. Open the cart" });
    expect(parseReply("key_points", "The task is about flights.")).toMatchObject({ kind: "wrong_format" });
  });

  it("reads a screenshot's 1-5 score and its reason's first paragraph", () => {
    const reply = "1. **Reasoning**: The page shows the price filter set to $0-$200.\nResults are listed.\n\nMore notes.\n2. **Score**: 4";
    expect(parseReply("relevance", reply)).toEqual({ kind: "relevance", score: 4, reasoning: "The page shows the price filter set to $0-$200. Results are listed.", raw: reply });
    // As in WebJudge, the reason runs to the first blank line, so a score on the next line is
    // part of it (the outcome question shows it that way).
    expect(parseReply("relevance", "**Reasoning**: Empty page.\n**Score**: [1]")).toMatchObject({ kind: "relevance", score: 1, reasoning: "Empty page. **Score**: [1]" });
    expect(parseReply("relevance", "**Reasoning**: x\n**Score**: 6")).toMatchObject({ kind: "wrong_format", problem: "expected a score from 1 to 5; found 6" });
    expect(parseReply("relevance", "**Score**: 3 ... final Score: 5")).toMatchObject({ kind: "wrong_format", problem: "expected one score; found 3 and 5" });
    expect(parseReply("relevance", "**Reasoning**: the page is blank")).toMatchObject({ kind: "wrong_format" });
  });

  it("keeps screenshots scoring 3 or more and numbers actions and reasons for the outcome question", () => {
    const a = "data:image/png;base64,QQ==";
    const b = "data:image/png;base64,Qg==";
    const c = "data:image/png;base64,Qw==";
    const kept = keyScreenshots([
      { image: a, score: 5, reasoning: "Search results for London." },
      { image: b, score: 2, reasoning: "Home page." },
      { image: c, score: 3, reasoning: "" },
    ]);
    expect(kept).toEqual({ images: [a, c], thoughts: "1. Search results for London." });
    const { messages } = renderPrompt(WEBJUDGE_OUTCOME, {
      values: { task: "Find flights to London", key_points: "\n1. Search flights to London", last_actions: webJudgeActionHistory(["Click Search", "Type London"]), thoughts: kept.thoughts },
      images: kept.images,
    });
    expect(messages[1]!.content[0]).toEqual({
      type: "text",
      text: "User Task: Find flights to London\n\nKey Points: \n1. Search flights to London\n\nAction History:\n1. Click Search\n2. Type London\n\nThe potentially important snapshots of the webpage in the agent's trajectory and their reasons:\n1. Search results for London.",
    });
  });
});
