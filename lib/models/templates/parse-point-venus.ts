// UI-Venus-1.5 grounding replies: "[x,y]" on the [0,1000] grid, "[-1,-1]" when the target is
// absent. Its evaluator (inclusionAI/UI-Venus@c3a1442 models/grounding/ui_venus1_5_gd.py:130-172)
// accepts the whole reply being [x,y], [x1,y1,x2,y2] (taking the box's centre), "[x1,y1],
// [x2,y2]" (taking the midpoint), or else the first [..] anywhere in the text.
// Verity reads the same shapes with two differences, both to avoid guessing:
//   - a box is returned as a box (the caller may take boxCentre; the model did name an area);
//   - two different pairs are two candidates, not a box's corners: wrong_format. So is a
//     pair plus a box, a malformed group ("[x, y]"), or no pair at all.
// Decimals are read (the evaluator's int() would reject them, but a decimal is still a place).
// Pure.
import type { ParseContext, ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { imageBox, imagePoint } from "@/lib/models/templates/model-space";
import { bracketTuples, excerpt, stripThinking } from "@/lib/models/templates/reply-text";

const shown = (t: readonly number[]) => `[${t.join(",")}]`;

export function parsePointVenus(reply: string, ctx: ParseContext): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const { tuples, malformed } = bracketTuples(answer.text);
  if (malformed.length > 0) return wrongFormat(`expected [x,y] with numbers; found ${malformed.join(", ")}`, reply);
  const odd = tuples.find((t) => t.length !== 2 && t.length !== 4);
  if (odd) return wrongFormat(`expected [x,y] (or [-1,-1]); found ${shown(odd)} with ${odd.length} numbers`, reply);
  if (tuples.length === 0) return wrongFormat(`expected [x,y] (or [-1,-1]); found no bracketed coordinates in "${excerpt(answer.text)}"`, reply);
  if (tuples.length > 1) return wrongFormat(`expected one point; found ${tuples.length} candidates: ${tuples.map(shown).join(", ")}`, reply);
  const t = tuples[0]!;
  if (t.length === 4) return imageBox([t[0]!, t[1]!, t[2]!, t[3]!], ctx, reply);
  if (t[0] === -1 && t[1] === -1) return { kind: "refusal", raw: reply };
  return imagePoint([t[0]!, t[1]!], ctx, reply);
}
