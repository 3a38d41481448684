// Mid-training sharegpt JSONL, split by quality tier (UI-Venus-1.5 data refinement):
//   gold.jsonl     { id, conversations: [{from:"human", value:"<image>"+prompt}, {from:"gpt", value:"[x1,y1,x2,y2]"}], images }
//   rewrite.jsonl  the same, asked with the rewritten instruction, plus `instruction` and
//                  `original_instruction` side by side
//   discard        an id list (nothing to train on, kept so the drop is auditable)
// Conventions: the tier comes from qualityTier(effective score, TierSettings). The answer is
// the grounding answer of every other export ([0,1000] grid, integers; [-1,-1] refusal).
// Decisions: a sample without a score goes nowhere and is counted (`unscored`); a sample in
// the rewrite tier whose instruction nobody has rewritten yet is not exported either (its
// original instruction is what the score judged too weak to train on) and is listed in
// `rewritePending` so the caller can queue it for rewriting.
import "server-only";
import { z } from "zod";
import { qualityTier, type TierSettings } from "@/lib/domain/tiers";
import { effectiveInstruction, groundingSolution, solutionText } from "@/lib/exports/grounding-answer";
import type { VerifiedSample } from "@/lib/exports/export-types";
import { groundingPrompt, IMAGE_TOKEN, STARTS_WITH_IMAGE } from "@/lib/exports/ui-venus-prompt";

const ConversationSchema = z.tuple([
  z.object({ from: z.literal("human"), value: z.string().regex(STARTS_WITH_IMAGE) }),
  z.object({ from: z.literal("gpt"), value: z.string().describe("[x1,y1,x2,y2] on the [0,1000] grid, or [-1,-1]") }),
]);

export const SharegptGoldRowSchema = z
  .object({
    id: z.string(),
    conversations: ConversationSchema,
    images: z.array(z.string()).length(1),
  })
  .describe("mid-training gold row (sharegpt JSONL)");
export type SharegptGoldRow = z.infer<typeof SharegptGoldRowSchema>;

export const SharegptRewriteRowSchema = SharegptGoldRowSchema.extend({
  instruction: z.string().describe("the rewritten instruction the conversation asks with"),
  original_instruction: z.string().describe("the instruction as imported"),
}).describe("mid-training rewrite row (sharegpt JSONL)");
export type SharegptRewriteRow = z.infer<typeof SharegptRewriteRowSchema>;

export const DiscardListSchema = z
  .array(z.string())
  .describe("mid-training discard list: ids of samples below the rewrite threshold");

export type MidTrainingSplit = {
  gold: SharegptGoldRow[];
  rewrite: SharegptRewriteRow[];
  discard: string[];
  rewritePending: string[];
  unscored: number;
};

function goldRow(sample: VerifiedSample): SharegptGoldRow {
  return {
    id: sample.id,
    conversations: [
      { from: "human", value: `${IMAGE_TOKEN}${groundingPrompt(effectiveInstruction(sample))}` },
      { from: "gpt", value: solutionText(groundingSolution(sample)) },
    ],
    images: [sample.imagePath],
  };
}

export function midTrainingSplit(samples: readonly VerifiedSample[], settings: TierSettings): MidTrainingSplit {
  const split: MidTrainingSplit = { gold: [], rewrite: [], discard: [], rewritePending: [], unscored: 0 };
  for (const sample of samples) {
    if (sample.qualityScore === null) {
      split.unscored += 1;
      continue;
    }
    const tier = qualityTier(sample.qualityScore, settings);
    if (tier === "gold") split.gold.push(goldRow(sample));
    else if (tier === "discard") split.discard.push(sample.id);
    else if (sample.instructionRewrite === null) split.rewritePending.push(sample.id);
    else {
      split.rewrite.push({
        ...goldRow(sample),
        instruction: sample.instructionRewrite,
        original_instruction: sample.instruction,
      });
    }
  }
  return split;
}
