// What one item's k replies come to: the output stored for it and how far the samples agree.
// Grounding: sample 0's answer is the prediction (a point, its box's centre for a box answer,
// a refusal, or wrong_format with the reply kept); agreement is the share of samples that gave
// the same kind of answer and, for points, within 2% of the screenshot's diagonal of it.
// Outcome judge, and WebJudge's outcome call (trajectory_judge): the majority verdict (a tie is not a verdict: the item's outcome is then
// "split", nothing is written); samples that did not parse count against the agreement; when
// none parsed the outcome is wrong_format and no verdict is written.
// Quality: the median of the parsed scores (the lower middle one for an even count, so it is
// always a score a sample gave), with that sample's reasons and proposed rewrite; agreement is
// the share of samples within one point of it. Nothing is guessed.
// Pure.
import type { ParsedReply } from "@/lib/models/templates/parsed-reply";
import type { RunTask } from "@/lib/models/runs/run-tasks";

export type Prediction = { kind: "point" | "refusal" | "wrong_format"; x: number | null; y: number | null; problem: string | null; box: [number, number, number, number] | null };
export type Verdict = { success: boolean; rationale: string; raw: string };
export type Score = { score: number; reasons: string; rewrite: string | null; raw: string };

export type ItemOutcome =
  | { outcome: string; agreement: number; prediction: Prediction; verdict: null; score: null }
  | { outcome: string; agreement: number; prediction: null; verdict: Verdict | null; score: null }
  | { outcome: string; agreement: number; prediction: null; verdict: null; score: Score | null };

function predictionOf(reply: ParsedReply): Prediction {
  switch (reply.kind) {
    case "point":
      return { kind: "point", x: reply.x, y: reply.y, problem: null, box: null };
    case "box":
      return { kind: "point", x: (reply.box[0] + reply.box[2]) / 2, y: (reply.box[1] + reply.box[3]) / 2, problem: null, box: reply.box };
    case "outside_image":
      // An answer, and a wrong one: kept as the point it names so that it counts as a miss.
      return { kind: "point", x: reply.x, y: reply.y, problem: reply.problem, box: reply.box };
    case "refusal":
      return { kind: "refusal", x: null, y: null, problem: null, box: null };
    case "wrong_format":
      return { kind: "wrong_format", x: null, y: null, problem: reply.problem, box: null };
    default:
      return { kind: "wrong_format", x: null, y: null, problem: `a grounding template's parser returned ${reply.kind}`, box: null };
  }
}

function samePrediction(a: Prediction, b: Prediction, diagonal: number): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== "point") return true;
  return Math.hypot(a.x! - b.x!, a.y! - b.y!) <= 0.02 * diagonal;
}

export function itemOutcome(task: RunTask, replies: readonly ParsedReply[], image: { width: number; height: number } | null): ItemOutcome {
  if (replies.length === 0) throw new Error("an item outcome needs at least one reply");
  if (task === "grounding") {
    const predictions = replies.map(predictionOf);
    const first = predictions[0]!;
    const diagonal = image ? Math.hypot(image.width, image.height) : 0;
    const agreeing = predictions.filter((p) => samePrediction(first, p, diagonal)).length;
    const outcome = replies[0]!.kind === "outside_image" ? "outside_image" : replies[0]!.kind === "box" ? "box" : first.kind;
    return { outcome, agreement: agreeing / predictions.length, prediction: first, verdict: null, score: null };
  }
  if (task === "quality") {
    const scores = replies.filter((r): r is Extract<ParsedReply, { kind: "score" }> => r.kind === "score");
    if (scores.length === 0) return { outcome: "wrong_format", agreement: 0, prediction: null, verdict: null, score: null };
    const sorted = [...scores].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const close = scores.filter((s) => Math.abs(s.score - median.score) <= 1).length;
    return { outcome: "score", agreement: close / replies.length, prediction: null, verdict: null, score: { score: median.score, reasons: median.reasons, rewrite: median.rewrite, raw: median.raw } };
  }
  const verdicts = replies.filter((r): r is Extract<ParsedReply, { kind: "verdict" }> => r.kind === "verdict");
  if (verdicts.length === 0) return { outcome: "wrong_format", agreement: 0, prediction: null, verdict: null, score: null };
  const successes = verdicts.filter((v) => v.success).length;
  const failures = verdicts.length - successes;
  if (successes === failures) return { outcome: "split", agreement: successes / replies.length, prediction: null, verdict: null, score: null };
  const success = successes > failures;
  const chosen = verdicts.find((v) => v.success === success)!;
  return { outcome: "verdict", agreement: Math.max(successes, failures) / replies.length, prediction: null, verdict: { success, rationale: chosen.rationale, raw: chosen.raw }, score: null };
}
