// Box replies: one "[x1,y1,x2,y2]" in the connection's convention, "[-1,-1]" when the target is
// absent (Verity's grounding prompt offers it, lib/exports/conventions/prompt-templates.ts).
// Found anywhere in the reply, so Qwen2.5-VL's JSON answers ([{"bbox_2d": [x1, y1, x2, y2],
// "label": ...}], in a code fence or not) read too. A point, two different boxes, an inverted
// box or a malformed group is wrong_format.
// Pure.
import type { ParseContext, ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { imageBox } from "@/lib/models/templates/model-space";
import { bracketTuples, excerpt, stripThinking } from "@/lib/models/templates/reply-text";

const shown = (t: readonly number[]) => `[${t.join(",")}]`;

export function parseBox(reply: string, ctx: ParseContext): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const { tuples, malformed } = bracketTuples(answer.text);
  if (malformed.length > 0) return wrongFormat(`expected [x1,y1,x2,y2] with numbers; found ${malformed.join(", ")}`, reply);
  if (tuples.length === 1 && tuples[0]!.length === 2 && tuples[0]![0] === -1 && tuples[0]![1] === -1) return { kind: "refusal", raw: reply };
  const other = tuples.find((t) => t.length !== 4);
  if (other) return wrongFormat(`expected a box [x1,y1,x2,y2] (or [-1,-1]); found ${shown(other)}`, reply);
  if (tuples.length === 0) return wrongFormat(`expected a box [x1,y1,x2,y2] (or [-1,-1]); found no bracketed coordinates in "${excerpt(answer.text)}"`, reply);
  if (tuples.length > 1) return wrongFormat(`expected one box; found ${tuples.length} candidates: ${tuples.map(shown).join(", ")}`, reply);
  const t = tuples[0]!;
  return imageBox([t[0]!, t[1]!, t[2]!, t[3]!], ctx, reply);
}
