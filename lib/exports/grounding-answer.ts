// The answer of a grounding sample as every grounding export writes it: the verified box on
// the [0,1000] grid (xyxy, integers), or the refusal [-1,-1] when the target is absent.
// Rounding to integers matches what the model is asked to output; the grid is 1000 wide, so
// rounding moves an edge by at most W/2000 px (about 1 px on a 1920 px screenshot).
import "server-only";
import { boxFromPixels } from "@/lib/domain/coordinates";
import { AppError } from "@/lib/errors";
import type { VerifiedSample } from "@/lib/exports/export-types";

export const REFUSAL_ANSWER = [-1, -1] as const;

const GRID = { format: "xyxy", unit: "0-1000" } as const;

const onGrid = (v: number) => Math.min(1000, Math.max(0, Math.round(v)));

export function groundingSolution(sample: Pick<VerifiedSample, "id" | "targetAbsent" | "box" | "image">): number[] {
  if (sample.targetAbsent) return [...REFUSAL_ANSWER];
  if (sample.box === null) {
    // A positive sample without a box has no answer to train on; exporting it would teach a
    // refusal the reviewer never gave.
    throw new AppError("invalid_input", `sample ${sample.id} is not a refusal but has no box`, { id: sample.id });
  }
  // Clamped because a box drawn to the very edge may sit a float hair outside the image.
  return boxFromPixels(sample.box, GRID, sample.image).map(onGrid);
}

// "[50,50,100,100]" / "[-1,-1]": the exact text the model is asked to produce (no spaces).
export function solutionText(solution: readonly number[]): string {
  return JSON.stringify(solution);
}

// The instruction trained on: the reviewer's rewrite when there is one.
export function effectiveInstruction(sample: Pick<VerifiedSample, "instruction" | "instructionRewrite">): string {
  return sample.instructionRewrite ?? sample.instruction;
}
