// WebJudge's first two replies, read as its evaluator reads them (OSU-NLP-Group/Online-Mind2Web
// src/methods/webjudge_online_mind2web.py, microsoft/fara@3f3f1fd's copy):
//   key points (:125-133): blank lines collapsed ("\n\n" -> "\n"), the text after
//     "**Key Points**:" (else after the last "Key Points:"), each line left-stripped. That text
//     is what the next two questions show as {key_points}, so it is returned as `text`, exactly;
//     the numbered items are returned as `points`. No numbered or bulleted item: wrong_format.
//   relevance (:141-151): the score is the first digit 1-5 after "Score", the reason the first
//     paragraph after "**Reasoning**:" with newlines made spaces. The evaluator scores a reply
//     it cannot read 0 (never kept); Verity says wrong_format instead, and also when two
//     different scores are given or the score is not an integer from 1 to 5.
// Pure.
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import { wrongFormat } from "@/lib/models/templates/parsed-reply";
import { excerpt, stripThinking } from "@/lib/models/templates/reply-text";

// Python's str.splitlines(): these separators, and a final line break ends the last line
// instead of starting an empty one.
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  if (/(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])$/.test(text)) lines.pop();
  return lines;
}

export function parseKeyPoints(reply: string): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const collapsed = answer.text.replaceAll("\n\n", "\n");
  const after = collapsed.includes("**Key Points**:") ? collapsed.split("**Key Points**:")[1]! : collapsed.split("Key Points:").at(-1)!;
  const text = splitLines(after).map((line) => line.replace(/^\s+/, "")).join("\n");
  const points = splitLines(text)
    .map((line) => /^(?:\d+[.)]|[-*•])\s+(.+)$/.exec(line)?.[1]?.trim())
    .filter((p): p is string => p !== undefined && p !== "");
  if (points.length === 0) return wrongFormat(`expected "**Key Points**:" and a numbered list; found "${excerpt(answer.text)}"`, reply);
  return { kind: "key_points", points, text, raw: reply };
}

export function parseRelevance(reply: string): ParsedReply {
  const answer = stripThinking(reply);
  if ("problem" in answer) return wrongFormat(answer.problem, reply);
  const scores = [...new Set([...answer.text.matchAll(/Score[\s*_#]*:[\s*_]*\[?\s*(-?\d+(?:\.\d+)?)/g)].map((m) => m[1]!))];
  if (scores.length === 0) return wrongFormat(`expected "**Score**: 1-5"; found none in "${excerpt(answer.text)}"`, reply);
  if (scores.length > 1) return wrongFormat(`expected one score; found ${scores.join(" and ")}`, reply);
  const score = Number(scores[0]);
  if (!Number.isInteger(score) || score < 1 || score > 5) return wrongFormat(`expected a score from 1 to 5; found ${scores[0]}`, reply);
  const reasoning = answer.text.split("**Reasoning**:").at(-1)!.trim().split("\n\n")[0]!.replaceAll("\n", " ");
  return { kind: "relevance", score, reasoning, raw: reply };
}
