// Offline-RL grounding, verl parquet rows (RLHFDataset): one row per verified sample.
//   { data_source, prompt: [{role:"user", content:"<image>"+prompt}], images: [{image: path}],
//     ability: "grounding", reward_model: {style:"rule", ground_truth:"[x1,y1,x2,y2]"|"[-1,-1]"},
//     extra_info: {index, id, source, quality_score, original_instruction} }
// Decisions:
// - `images` is a list of `{image: path}` structs, not `{path}` and not bare strings: verl's
//   vision_utils.process_image hands a dict to qwen_vl_utils.fetch_image, which reads the
//   `image` key (a local path, file:// or http URL); a bare string or a `{path}` dict does not
//   load there. The file keeps no image bytes: the trainer resolves the path.
// - `ground_truth` is a JSON string, as verl's reward functions receive it, of the same answer
//   the JSONL export's `solution` holds ([0,1000] grid, integers; [-1,-1] for a refusal).
// - The columns are real nested parquet (list<struct>, struct), not JSON strings: see
//   grounding-verl-parquet.ts.
import "server-only";
import { z } from "zod";
import { effectiveInstruction, groundingSolution, solutionText } from "@/lib/exports/grounding-answer";
import type { VerifiedSample } from "@/lib/exports/export-types";
import { groundingPrompt, IMAGE_TOKEN } from "@/lib/exports/ui-venus-prompt";

export const DEFAULT_VERL_DATA_SOURCE = "verity_grounding";

export const VerlGroundingRowSchema = z
  .object({
    data_source: z.string().describe("verl routes the reward function and per-source metrics on it"),
    prompt: z.array(z.object({ role: z.string(), content: z.string() })).min(1),
    images: z
      .array(z.object({ image: z.string().describe("path inside the snapshot or media reference") }))
      .length(1),
    ability: z.literal("grounding"),
    reward_model: z.object({
      style: z.literal("rule"),
      ground_truth: z
        .string()
        .describe("JSON text of [x1,y1,x2,y2] on the [0,1000] grid, or [-1,-1] when the target is absent"),
    }),
    extra_info: z.object({
      index: z.int().min(0).describe("row number in the file"),
      id: z.string().describe("Verity sample id"),
      source: z.string(),
      quality_score: z.number().nullable().describe("effective 0-10 quality score, null when never judged"),
      original_instruction: z.string().describe("the instruction as imported, before any rewrite"),
    }),
  })
  .describe("verl grounding row (parquet; nested columns are native parquet lists and structs)");
export type VerlGroundingRow = z.infer<typeof VerlGroundingRowSchema>;

export function verlGroundingRows(
  samples: readonly VerifiedSample[],
  dataSource: string = DEFAULT_VERL_DATA_SOURCE,
): VerlGroundingRow[] {
  return samples.map((sample, index) => ({
    data_source: dataSource,
    prompt: [{ role: "user", content: `${IMAGE_TOKEN}${groundingPrompt(effectiveInstruction(sample))}` }],
    images: [{ image: sample.imagePath }],
    ability: "grounding",
    reward_model: { style: "rule", ground_truth: solutionText(groundingSolution(sample)) },
    extra_info: {
      index,
      id: sample.id,
      source: sample.source,
      quality_score: sample.qualityScore,
      original_instruction: sample.instruction,
    },
  }));
}
