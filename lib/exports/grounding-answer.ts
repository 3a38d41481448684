// The answer of a grounding sample on the [0,1000] grid (xyxy, integers), or the refusal
// [-1,-1] when the target is absent, as the v1 API reports it beside the pixel box. The
// conversion and its rounding are the pools' own (lib/exports/conventions/coordinate-conventions.ts,
// rel1000), so the API and every rel1000 pool agree to the unit.
import "server-only";
import type { Box } from "@/lib/domain/geometry";
import { AppError } from "@/lib/errors";
import { boxInConvention, conventionSpace } from "@/lib/exports/conventions/coordinate-conventions";

export const REFUSAL_ANSWER = [-1, -1] as const;

export function groundingSolution(sample: { id: string; targetAbsent: boolean; box: Box | null; image: { width: number; height: number } }): number[] {
  if (sample.targetAbsent) return [...REFUSAL_ANSWER];
  if (sample.box === null) {
    // A positive sample without a box has no answer; reporting one would be a refusal the
    // reviewer never gave.
    throw new AppError("invalid_input", `sample ${sample.id} is not a refusal but has no box`, { id: sample.id });
  }
  return boxInConvention(sample.box, conventionSpace("rel1000", sample.image));
}
