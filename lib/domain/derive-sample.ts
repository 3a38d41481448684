// Everything derived from a grounding sample's inputs, in one pure function: the effective
// target (the final answer's when verified, else the imported one), the effective quality
// score and its tier, and each prediction's correctness against that target. Its result is
// stored on the sample by lib/derived in the same transaction as the write that changed an
// input; lists, filters, review headers, the API and every export read the stored result.
import type { Box } from "@/lib/domain/geometry";
import type { Decision } from "@/lib/domain/item-lifecycle";
import { judgePrediction, type Judgement } from "@/lib/domain/point-in-box";
import { qualityTier, type QualityTier, type TierSettings } from "@/lib/domain/tiers";
import { effectiveVerdict, hasOutdatedOverride, verdictEffects, type VerdictEffect, type VerdictWithOverrides } from "@/lib/domain/effective-verdict";

export type SampleFinal = {
  decision: Decision;
  targetAbsent: boolean;
  box: Box | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
};

export type PredictionInput = { id: string; kind: string; x: number | null; y: number | null };

export type SampleInputs = {
  imported: { targetAbsent: boolean; box: Box | null };
  // The pinned final answer when the sample is verified or rejected, else null.
  final: SampleFinal | null;
  // The sample's quality-score verdicts, oldest first (the latest one decides).
  qualityVerdicts: readonly VerdictWithOverrides<number>[];
  // Every verdict of the sample, whatever its metric (default: the quality verdicts): each
  // one's effect is stored on it, and any override outdated under one flags the sample.
  verdicts?: readonly VerdictWithOverrides<number | boolean>[];
  predictions: readonly PredictionInput[];
  tiers: TierSettings;
};

export type QualitySource = "judge" | "override" | "review";

export type SampleDerived = {
  target: { targetAbsent: boolean; box: Box | null };
  instructionRewrite: string | null;
  judgeScore: number | null;
  humanScore: number | null;
  qualityScore: number | null;
  qualitySource: QualitySource | null;
  qualityVerdictId: string | null;
  qualityOverrideId: string | null;
  qualityTier: QualityTier | null;
  // Null when the target is unknown (a positive sample without a box): nothing to judge against.
  predictions: { id: string; correctness: Judgement | null }[];
  predictionsTotal: number;
  predictionsCorrect: number;
  verdictEffects: VerdictEffect<number | boolean>[];
  verdictChangedUnderOverride: boolean;
};

const isScore = (v: number | null): v is number => v !== null && Number.isFinite(v) && v >= 0 && v <= 10;

/** A prediction's correctness against a target: the one hit test behind the stored
 *  correctness (against the effective target, below) and the review screen's live "against
 *  your box" (against the box being edited). */
export function predictionCorrectness(prediction: PredictionInput, target: SampleDerived["target"]): Judgement | null {
  if (!target.targetAbsent && target.box === null) return null;
  const box = target.targetAbsent ? null : target.box;
  if (prediction.kind === "point" && prediction.x !== null && prediction.y !== null) return judgePrediction({ kind: "point", point: [prediction.x, prediction.y] }, box);
  if (prediction.kind === "refusal") return judgePrediction({ kind: "refusal" }, box);
  return "wrong_format";
}

export function deriveSample(inputs: SampleInputs): SampleDerived {
  const accepted = inputs.final?.decision === "accept" ? inputs.final : null;
  const target = accepted ? { targetAbsent: accepted.targetAbsent, box: accepted.targetAbsent ? null : accepted.box } : inputs.imported;

  const latest = inputs.qualityVerdicts.at(-1) ?? null;
  const judged = latest ? effectiveVerdict(latest) : null;
  const judgeScore = judged && isScore(judged.value) ? judged.value : null;
  const humanScore = isScore(inputs.final?.qualityScore ?? null) ? inputs.final!.qualityScore : null;
  const qualityScore = judgeScore ?? humanScore;
  const qualitySource: QualitySource | null = judgeScore !== null ? (judged!.overrideId ? "override" : "judge") : humanScore !== null ? "review" : null;

  const predictions = inputs.predictions.map((p) => ({ id: p.id, correctness: predictionCorrectness(p, target) }));
  const effects = verdictEffects<number | boolean>(inputs.verdicts ?? inputs.qualityVerdicts);
  return {
    target,
    instructionRewrite: accepted?.instructionRewrite ?? null,
    judgeScore,
    humanScore,
    qualityScore,
    qualitySource,
    qualityVerdictId: judgeScore !== null ? latest!.id : null,
    qualityOverrideId: judgeScore !== null ? judged!.overrideId : null,
    qualityTier: qualityScore === null ? null : qualityTier(qualityScore, inputs.tiers),
    predictions,
    predictionsTotal: predictions.length,
    predictionsCorrect: predictions.filter((p) => p.correctness === "correct").length,
    verdictEffects: effects,
    verdictChangedUnderOverride: hasOutdatedOverride(effects),
  };
}
