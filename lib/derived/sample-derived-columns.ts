import "server-only";
// The columns of GroundingSample that hold deriveSample's result, and the values a result
// stores in them, in one order. Two writes store them: re-derivation (rederive-samples.ts,
// an UPDATE of existing samples) and the import's insert of a new sample
// (lib/imports/write/insert-samples.ts), which stores a new sample derived in the same write
// instead of inserting it stale and updating every row a second time.
import type { Box } from "@/lib/domain/geometry";
import { deriveSample, type SampleDerived } from "@/lib/domain/derive-sample";
import type { DerivationContext } from "@/lib/derived/derivation-context";

export const SAMPLE_DERIVED_COLUMNS = [
  "effectiveTargetAbsent", "effectiveBoxX1", "effectiveBoxY1", "effectiveBoxX2", "effectiveBoxY2",
  "instructionRewrite", "judgeScore", "humanScore", "qualityScore", "qualitySource", "qualityVerdictId",
  "qualityOverrideId", "qualityTier", "predictionsTotal", "predictionsCorrect", "verdictChangedUnderOverride", "derivedRevision",
] as const;

/** PostgreSQL's type of each derived column, in the same order (for unnest arrays). */
export const SAMPLE_DERIVED_PG_TYPES = [
  "boolean", "float8", "float8", "float8", "float8",
  "text", "float8", "float8", "float8", "text", "text",
  "text", "text", "int", "int", "boolean", "int",
] as const;

/** The values of SAMPLE_DERIVED_COLUMNS for this result, derived under `revision`. */
export function sampleDerivedValues(derived: SampleDerived, revision: number): unknown[] {
  const [x1, y1, x2, y2] = derived.target.box ?? [null, null, null, null];
  return [
    derived.target.targetAbsent, x1, y1, x2, y2,
    derived.instructionRewrite, derived.judgeScore, derived.humanScore, derived.qualityScore, derived.qualitySource, derived.qualityVerdictId,
    derived.qualityOverrideId, derived.qualityTier, derived.predictionsTotal, derived.predictionsCorrect, derived.verdictChangedUnderOverride, revision,
  ];
}

/**
 * A sample being created: no final answer, verdict or prediction can point at it yet, so its
 * imported target is all deriveSample reads. `ctx` must be read in the inserting transaction,
 * so that a settings change committed before it makes the row stale, not wrong.
 */
export function newSampleDerivedValues(imported: { targetAbsent: boolean; box: Box | null }, ctx: DerivationContext): unknown[] {
  const derived = deriveSample({
    imported: { targetAbsent: imported.targetAbsent, box: imported.targetAbsent ? null : imported.box },
    final: null,
    qualityVerdicts: [],
    predictions: [],
    tiers: ctx.settings.tiers,
  });
  return sampleDerivedValues(derived, ctx.revision);
}
