// Quality-teacher replies: one JSON object {"score": 0-10, "reasons": "...", "rewrite": "..." |
// null} (quality-preset.ts), found in a code fence or among prose. Strict, because the score
// decides a sample's fate (>= 7 gold, 4-6 rewrite, <= 3 rebuild or drop): a score that is not
// an integer from 0 to 10 ("7" as a string, 6.5, 11), blank reasons, a missing "rewrite" key,
// a blank rewrite, no object or two objects are wrong_format.
// Pure.
import { z } from "zod";
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { excerpt, jsonObjectSpans, stripThinking } from "@/lib/models/templates/reply-text";

const ScoreReplySchema = z.object({
  score: z.number().int().min(0).max(10),
  reasons: z.string().trim().min(1),
  rewrite: z.string().trim().min(1).nullable(),
});

const EXPECTED = 'expected one JSON object {"score": 0-10, "reasons": "...", "rewrite": "..." or null}';

export function parseScoreRewrite(reply: string): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const objects: unknown[] = [];
  for (const span of jsonObjectSpans(answer.text)) {
    try {
      objects.push(JSON.parse(span));
    } catch {
      // Not JSON (prose in braces): not a candidate.
    }
  }
  if (objects.length === 0) return wrongFormat(`${EXPECTED}; found none in "${excerpt(answer.text)}"`, reply);
  if (objects.length > 1) return wrongFormat(`${EXPECTED}; found ${objects.length} objects`, reply);
  const parsed = ScoreReplySchema.safeParse(objects[0]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "object";
    const found = issue.path.length > 0 ? JSON.stringify((objects[0] as Record<string, unknown>)[String(issue.path[0])]) ?? "nothing" : excerpt(JSON.stringify(objects[0]));
    return wrongFormat(`${EXPECTED}; "${field}" is wrong (${issue.message}), found ${found}`, reply);
  }
  const { score, reasons, rewrite } = parsed.data;
  return { kind: "score", score, reasons, rewrite, raw: reply };
}
