// Judge replies in WebJudge's two lines, "Thoughts: ..." then 'Status: "success"' or
// 'Status: "failure"' (both judges ask for them). WebJudge's own reading
// (src/utils.py extract_predication) is `"success" in reply.lower().split("status:")[1]`,
// which calls "Status: not a success" a success and a reply with no Status a failure.
// Verity reads the word after every "Status:" (any case, markdown bold and quotes allowed)
// and takes it only when it is success or failure and all of them agree; anything else is
// wrong_format, so a judge that did not answer is never counted as one that said failure.
// The rationale is the text before the first Status, without its "Thoughts:" label.
// Pure.
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { excerpt, stripThinking } from "@/lib/models/templates/reply-text";

const STATUS = /\bstatus\b[ \t*_]*:[ \t*_]*["'“”`]?([A-Za-z]*)/gi;

export function parseVerdict(reply: string): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const matches = [...answer.text.matchAll(STATUS)];
  if (matches.length === 0) return wrongFormat(`expected a line Status: "success" or "failure"; found none in "${excerpt(answer.text)}"`, reply);
  const words = [...new Set(matches.map((m) => (m[1] ?? "").toLowerCase()))];
  const unknown = words.find((w) => w !== "success" && w !== "failure");
  if (unknown !== undefined) return wrongFormat(`expected Status: "success" or "failure"; found Status: ${unknown === "" ? "(nothing)" : unknown}`, reply);
  if (words.length > 1) return wrongFormat("expected one Status; found both success and failure", reply);
  const before = answer.text.slice(0, matches[0]!.index).replace(/[\s*_#-]+$/, "");
  const rationale = before.replace(/^[\s*_#>-]*thoughts?[\s*_]*:[\s*_]*/i, "").trim();
  return { kind: "verdict", success: words[0] === "success", rationale, raw: reply };
}
