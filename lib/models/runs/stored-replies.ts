// What an item keeps of its replies (ModelRunItem.replies), for the run's page: each reply's
// text (up to 4,000 characters), its finish reason and what it was read as, without the raw
// text a second time. A WebJudge item keeps its three stages apart, each entry marked with its
// stage: the key-points reply; then one entry per screenshot with its step, score (or why the
// reply could not be read), whether it was kept and the reason the outcome question quoted,
// but not the reply's own text (a trajectory of 40 screens would store 40 long descriptions);
// then the k outcome replies.
// Pure.
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";

export const SHOWN_REPLY_CHARS = 4000;
const SHOWN_REASON_CHARS = 1000;

export type ReplyStage = "key_points" | "screenshot" | "outcome";
export type StoredReply = { stage?: ReplyStage; step?: number; text: string; finishReason: string | null; parsed: Record<string, unknown> };
type Answer = { text: string; finishReason: string | null };

// The kind and its few values; key points' `text` is the reply again, cleaned up.
function summarise(parsed: ParsedReply): Record<string, unknown> {
  if (parsed.kind === "key_points") return { kind: parsed.kind, points: parsed.points };
  const { raw: _raw, ...rest } = parsed as ParsedReply & { raw: string };
  void _raw;
  return rest;
}

/** One reply as the model wrote it (bounded) and what it was read as; `stage` for a WebJudge stage. */
export function storedReply(answer: Answer, parsed: ParsedReply, stage?: ReplyStage): StoredReply {
  return { ...(stage ? { stage } : {}), text: answer.text.slice(0, SHOWN_REPLY_CHARS), finishReason: answer.finishReason, parsed: summarise(parsed) };
}

/** A screenshot's relevance reply: its step (from 0), its score and whether it was kept, or why it could not be read. */
export function storedScreenshot(step: number, answer: Answer, parsed: ParsedReply, isKept: boolean): StoredReply {
  const read =
    parsed.kind === "relevance" ? { kind: parsed.kind, score: parsed.score, kept: isKept, reasoning: parsed.reasoning.slice(0, SHOWN_REASON_CHARS) }
    : parsed.kind === "wrong_format" ? { kind: parsed.kind, problem: parsed.problem, kept: false }
    : { kind: "wrong_format", problem: `a key-screenshot template's parser returned ${parsed.kind}`, kept: false };
  return { stage: "screenshot", step, text: "", finishReason: answer.finishReason, parsed: read };
}
