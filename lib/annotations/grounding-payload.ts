// What a reviewer saves for a grounding sample: the target box in image pixels, or "target
// absent" (a refusal sample: the right answer is [-1,-1]), an optional instruction rewrite
// kept beside the original, and an optional 0-10 quality score. Drafts may be incomplete.
import { z } from "zod";
import { BoxSchema } from "@/lib/domain/geometry";

export const GroundingPayloadSchema = z
  .object({
    targetAbsent: z.boolean(),
    box: BoxSchema.nullable(),
    instructionRewrite: z.string().trim().max(10_000).nullable(),
    qualityScore: z.number().min(0).max(10).nullable(),
    note: z.string().trim().max(10_000).nullable(),
  })
  .strict();
export type GroundingPayload = z.infer<typeof GroundingPayloadSchema>;

/** A submitted answer must say where the target is, or that it is absent. */
export function groundingProblem(payload: GroundingPayload): string | null {
  if (payload.targetAbsent && payload.box) return "a sample marked target absent cannot also have a box";
  if (!payload.targetAbsent && !payload.box) return "draw the target box, or mark the target absent";
  return null;
}

/**
 * A submitted box must lie inside its screenshot (bounds inclusive): the box editor clamps
 * while drawing, so only an API client or a pre-label can send one past the edge, and it is
 * refused with where, never clamped out of sight (an export then never meets one to clamp).
 */
export function boxOutsideImage(payload: GroundingPayload, image: { width: number; height: number } | null): string | null {
  if (!payload.box || !image) return null;
  const [x1, y1, x2, y2] = payload.box;
  const past: string[] = [];
  if (x1 < 0) past.push(`x1 ${x1} < 0`);
  if (y1 < 0) past.push(`y1 ${y1} < 0`);
  if (x2 > image.width) past.push(`x2 ${x2} > ${image.width}`);
  if (y2 > image.height) past.push(`y2 ${y2} > ${image.height}`);
  if (past.length === 0) return null;
  return `the box [${payload.box.join(", ")}] lies outside the ${image.width}x${image.height} screenshot (${past.join(", ")}); move it inside the image`;
}
