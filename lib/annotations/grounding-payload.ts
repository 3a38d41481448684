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
