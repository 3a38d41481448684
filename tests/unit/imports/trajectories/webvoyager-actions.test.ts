// Reply splitting and action patterns, mirroring WebVoyager's run.py / utils.py.
import { describe, expect, it } from "vitest";
import { mapWebVoyagerAction, splitWebVoyagerReply } from "@/lib/imports/formats/trajectories/webvoyager-actions";

const map = (reply: string) => mapWebVoyagerAction(splitWebVoyagerReply(reply));

describe("splitWebVoyagerReply", () => {
  it("splits thought and action and stops the action at a following marker", () => {
    expect(splitWebVoyagerReply("Thought: look\n\nAction: Click [4]\nObservation: x")).toEqual({
      thought: "look",
      actionText: "Click [4]",
      isWellFormed: true,
    });
  });

  it("marks a reply without both markers as malformed", () => {
    expect(splitWebVoyagerReply("Action: Click [4]").isWellFormed).toBe(false);
    expect(splitWebVoyagerReply("Thought: hmm").isWellFormed).toBe(false);
  });
});

describe("mapWebVoyagerAction", () => {
  it("maps the seven WebVoyager actions", () => {
    expect(map("Thought: t\nAction: Click 17").action).toEqual({ type: "click", elementLabel: "17" });
    expect(map("Thought: t\nAction: Type [5]; [new york]").action).toEqual({ type: "type", text: "new york", elementLabel: "5" });
    expect(map("Thought: t\nAction: Scroll [WINDOW]; [down]").action).toEqual({ type: "scroll", direction: "down" });
    expect(map("Thought: t\nAction: Scroll [8]; up").action).toEqual({ type: "scroll", direction: "up", elementLabel: "8" });
    expect(map("Thought: t\nAction: Wait").action).toEqual({ type: "wait", seconds: 5 });
    expect(map("Thought: t\nAction: GoBack").action).toEqual({ type: "back" });
    expect(map("Thought: t\nAction: Google").action).toEqual({ type: "open_app", url: "https://www.google.com" });
    expect(map("Thought: t\nAction: ANSWER; 3 items [see list]").action).toEqual({ type: "finish", answer: "3 items [see list]" });
  });

  it("returns no action with a note for unknown or malformed replies", () => {
    expect(map("Thought: t\nAction: Hover [3]")).toEqual({ action: null, note: 'unrecognised WebVoyager action "Hover [3]"' });
    expect(map("Click [3]").action).toBeNull();
  });
});
