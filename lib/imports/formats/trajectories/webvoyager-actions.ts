// Reads a WebVoyager assistant reply ("Thought: ...\n\nAction: Click [5]") into a thought and a
// canonical action. The split and the patterns follow WebVoyager's own run.py / utils.py
// (`re.split(r'Thought:|Action:|Observation:')`, `extract_information`), tried in the same
// order, so the imported action is the one the browser executed. Actions name a numbered
// set-of-marks label drawn on the screenshot, never a coordinate: clicks, typing and element
// scrolls carry `elementLabel` and no x/y, and the step has no coordinate contract.
// Scroll directions are the page's ("down" = window.scrollBy(0, +h)).
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

/** `isWellFormed`: both markers are present, the condition run.py asserts before acting. */
export type WebVoyagerReply = { thought: string | null; actionText: string | null; isWellFormed: boolean };
export type MappedAction = { action: Action | null; note: string | null };

const MARKER = /Thought:|Action:|Observation:/;

export function splitWebVoyagerReply(reply: string): WebVoyagerReply {
  const thoughtAt = reply.indexOf("Thought:");
  const actionAt = reply.indexOf("Action:");
  const thought =
    thoughtAt >= 0
      ? reply.slice(thoughtAt + "Thought:".length, actionAt > thoughtAt ? actionAt : undefined).trim() || null
      : null;
  if (actionAt < 0) return { thought, actionText: null, isWellFormed: false };
  const rest = reply.slice(actionAt + "Action:".length);
  const end = rest.search(MARKER);
  return { thought, actionText: (end >= 0 ? rest.slice(0, end) : rest).trim(), isWellFormed: thoughtAt >= 0 };
}

// The Google action navigates to a fixed page (run.py: driver.get('https://www.google.com/')).
const GOOGLE_URL = "https://www.google.com";
// The system prompt and run.py both fix Wait at 5 seconds.
const WAIT_SECONDS = 5;

const CLICK = /Click \[?(\d+)\]?/;
const TYPE = /Type \[?(\d+)\]?[; ]+\[?(.[^\]]*)\]?/;
const SCROLL = /Scroll \[?(\d+|WINDOW)\]?[; ]+\[?(up|down)\]?/;
const ANSWER = /ANSWER[; ]+([\s\S]*)$/;

// WebVoyager's own answer pattern stops at the first "]"; the answer is the agent's claim and
// is judged as a whole, so the full text is kept, minus one pair of brackets wrapping it all.
function unwrap(text: string): string {
  const trimmed = text.trim();
  return /^\[[^\]]*\]$/.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed;
}

function build(actionText: string): unknown {
  let m = CLICK.exec(actionText);
  if (m) return { type: "click", elementLabel: m[1] };
  m = TYPE.exec(actionText);
  if (m) return { type: "type", text: m[2], elementLabel: m[1] };
  m = SCROLL.exec(actionText);
  if (m) return m[1] === "WINDOW" ? { type: "scroll", direction: m[2] } : { type: "scroll", direction: m[2], elementLabel: m[1] };
  if (/^Wait/.test(actionText)) return { type: "wait", seconds: WAIT_SECONDS };
  if (/^GoBack/.test(actionText)) return { type: "back" };
  if (/^Google/.test(actionText)) return { type: "open_app", url: GOOGLE_URL };
  m = ANSWER.exec(actionText);
  if (m) return { type: "finish", answer: unwrap(m[1]!) };
  return undefined;
}

export function mapWebVoyagerAction(reply: WebVoyagerReply): MappedAction {
  if (!reply.isWellFormed || reply.actionText === null) {
    // run.py answers such a reply with "Format ERROR" and executes nothing.
    return { action: null, note: "the reply lacks \"Thought:\" or \"Action:\"; WebVoyager executed nothing" };
  }
  const built = build(reply.actionText);
  if (built === undefined) return { action: null, note: `unrecognised WebVoyager action "${reply.actionText.slice(0, 80)}"` };
  const parsed = ActionSchema.safeParse(built);
  if (!parsed.success) return { action: null, note: describeZodError(parsed.error) };
  return { action: parsed.data, note: null };
}
