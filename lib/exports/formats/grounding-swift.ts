// Offline-RL grounding, ms-swift / EasyR1 JSONL: one row per verified sample.
//   { id, messages: [{role:"user", content:"<image>"+prompt}, {role:"assistant", content:"[x1,y1,x2,y2]"}],
//     images: [imagePath], solution: [x1,y1,x2,y2] | [-1,-1], original_instruction }
// Conventions: `solution` is the box on the [0,1000] grid (xyxy, integers) or the refusal
// [-1,-1]; the assistant turn is the same answer as text, so the same file serves SFT (the
// conversation) and GRPO (ms-swift passes extra columns such as `solution` to the reward
// function; drop the assistant turn there if the trainer would otherwise treat it as a prefix).
// The prompt carries the rewritten instruction when a reviewer gave one; the instruction as
// imported stays in `original_instruction`.
import "server-only";
import { z } from "zod";
import { effectiveInstruction, groundingSolution, solutionText } from "@/lib/exports/grounding-answer";
import type { VerifiedSample } from "@/lib/exports/export-types";
import { groundingPrompt, IMAGE_TOKEN, STARTS_WITH_IMAGE } from "@/lib/exports/ui-venus-prompt";

export const GroundingSolutionSchema = z
  .union([
    z.tuple([z.int().min(0).max(1000), z.int().min(0).max(1000), z.int().min(0).max(1000), z.int().min(0).max(1000)]),
    z.tuple([z.literal(-1), z.literal(-1)]),
  ])
  .describe("[x1,y1,x2,y2] on the [0,1000] grid of the screenshot, or [-1,-1] when the target is absent");

export const SwiftGroundingRowSchema = z
  .object({
    id: z.string().describe("Verity sample id"),
    messages: z.tuple([
      z.object({ role: z.literal("user"), content: z.string().regex(STARTS_WITH_IMAGE) }),
      z.object({ role: z.literal("assistant"), content: z.string() }),
    ]),
    images: z.array(z.string()).length(1).describe("path inside the snapshot or media reference"),
    solution: GroundingSolutionSchema,
    original_instruction: z.string().describe("the instruction as imported, before any rewrite"),
  })
  .describe("ms-swift / EasyR1 grounding row (JSONL)");
export type SwiftGroundingRow = z.infer<typeof SwiftGroundingRowSchema>;

export function swiftGroundingRow(sample: VerifiedSample): SwiftGroundingRow {
  const solution = groundingSolution(sample) as SwiftGroundingRow["solution"];
  return {
    id: sample.id,
    messages: [
      { role: "user", content: `${IMAGE_TOKEN}${groundingPrompt(effectiveInstruction(sample))}` },
      { role: "assistant", content: solutionText(solution) },
    ],
    images: [sample.imagePath],
    solution,
    original_instruction: sample.instruction,
  };
}

export function swiftGroundingRows(samples: readonly VerifiedSample[]): SwiftGroundingRow[] {
  return samples.map(swiftGroundingRow);
}
