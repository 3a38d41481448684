// UI-TARS grounding replies: "Action: click(start_box='(x,y)')" in its three spellings:
// start_box='<|box_start|>(x,y)<|box_end|>' (the tokens survive when the server keeps special
// tokens), start_box='(x,y)' (they do not), and point='<point>x y</point>' (the head's prompt).
// Read as bytedance/UI-TARS@582f3a7 codes/ui_tars/action_parser.py does: <point>x y</point>
// becomes (x,y) (:13-27), point= becomes start_box= (:155-162), the action is the text after
// the last "Action: " (:193-194), and four numbers are a box (:241-266). Its coordinates are
// then read in the connection's convention (UI-TARS-1.5: qwen25-abs with min_pixels 100*28*28;
// UI-TARS v1 and the Doubao <point> syntax: rel1000).
// Verity adds strictness, never guesses: one action, a clicking one, one coordinate group of
// numbers; a drag (end_box), two actions or no coordinates is wrong_format. A reply without
// "Action:" is read whole (the parser would assert; the grounding answer is still there).
// Pure.
import type { ParseContext, ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { imageBox, imagePoint } from "@/lib/models/templates/model-space";
import { excerpt, NUMBER, stripThinking } from "@/lib/models/templates/reply-text";

const CLICKS = ["click", "left_single", "left_double", "right_single", "long_press"];

export function parsePointUitars(reply: string, ctx: ParseContext): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const at = answer.text.lastIndexOf("Action:");
  const action = (at >= 0 ? answer.text.slice(at + "Action:".length) : answer.text)
    .replace(/<\|box_start\|>|<\|box_end\|>/g, "")
    .replace(/<point>\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*<\/point>/g, "($1,$2)")
    .trim();
  const names = [...action.matchAll(/\b([A-Za-z_]+)\(/g)].map((m) => m[1]!);
  if (names.length === 0) return wrongFormat(`expected Action: click(start_box='(x,y)'); found "${excerpt(action)}"`, reply);
  if (names.length > 1) return wrongFormat(`expected one action; found ${names.join(", ")}`, reply);
  if (!CLICKS.includes(names[0]!)) return wrongFormat(`expected a click; found ${names[0]}(...)`, reply);
  if (/\bend_(?:box|point)\s*=/.test(action)) return wrongFormat("expected a click at one place; found an end_box (a drag)", reply);
  const groups = [...action.matchAll(/\b(?:start_box|point)\s*=\s*['"]?\s*\(([^()]*)\)/g)].map((m) => (m[1] ?? "").split(",").map((s) => s.trim()));
  if (groups.length === 0) return wrongFormat(`expected start_box='(x,y)' or point='<point>x y</point>'; found "${excerpt(action)}"`, reply);
  if (groups.length > 1) return wrongFormat(`expected one coordinate group; found ${groups.length}`, reply);
  const items = groups[0]!;
  if (!items.every((s) => NUMBER.test(s))) return wrongFormat(`expected numbers in (x,y); found (${items.join(",")})`, reply);
  const v = items.map(Number);
  if (v.length === 2) return imagePoint([v[0]!, v[1]!], ctx, reply);
  if (v.length === 4) return imageBox([v[0]!, v[1]!, v[2]!, v[3]!], ctx, reply);
  return wrongFormat(`expected (x,y) or (x1,y1,x2,y2); found ${v.length} numbers`, reply);
}
