// The rows each profile writes, as zod schemas: the JSON Schemas in schemas/exports are
// generated from them, and the consumer contract tests parse what was written with them.
// Bytes (embedded images) are documented as binary; JSON Schema cannot say more.
import { z } from "zod";

const Number2 = z.tuple([z.number(), z.number()]);
const Number4 = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const GroundingTruthSchema = z
  .object({
    task: z.literal("grounding"),
    convention: z.enum(["rel1000", "qwen25-abs", "norm1"]),
    target: z.enum(["point", "box"]),
    refusal: z.boolean(),
    box: Number4.nullable().describe("the target box in the convention; null for a refusal"),
    answer: z.union([Number2, Number4]).describe("what the model is taught to answer: the point (the box's centre), the box, or [-1,-1]"),
    image: Number2.describe("[width, height] of the screenshot"),
    resized: Number2.nullable().describe("[width, height] of the smart-resized image (qwen25-abs), else null"),
    box_px: Number4.nullable().describe("the verified box in the screenshot's pixels"),
    rounding: z.literal("half-even").optional().describe("absent: half up; half-even: ms-swift's int(round(px / W * N)), for its objects rows"),
  })
  .describe("ground truth of a grounding row (JSON text in the row)");

const GroundTruthActionSchema = z.object({
  type: z.string(),
  point: Number2.optional(),
  element: Number4.optional(),
  from: Number2.optional(),
  to: Number2.optional(),
  direction: z.string().optional(),
  text: z.string().optional(),
  keys: z.array(z.string()).optional(),
  app: z.string().optional(),
  url: z.string().optional(),
});

export const NavigationTruthSchema = z
  .object({
    task: z.literal("navigation"),
    syntax: z.enum(["ui-venus", "qwen-mobile-use"]),
    convention: z.enum(["rel1000", "qwen25-abs", "norm1"]),
    action: GroundTruthActionSchema.describe("the ground-truth action, coordinates in the convention"),
    tolerance: z.number().describe("how near a point must be when no element box is known"),
    image: Number2,
    resized: Number2.nullable(),
  })
  .describe("ground truth of a navigation row (JSON text in the row)");

const Chat = z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }));

export const VerlRowSchema = z
  .object({
    data_source: z.string(),
    prompt: Chat.min(1).describe("the prompt turns; one <image> per image"),
    images: z.array(z.union([z.object({ bytes: z.instanceof(Uint8Array).describe("binary") }), z.object({ image: z.string().describe("absolute path") })])).min(1),
    ability: z.string(),
    reward_model: z.object({ style: z.literal("rule"), ground_truth: z.string().describe("JSON text of the ground truth") }),
    extra_info: z.object({
      index: z.int().min(0),
      id: z.string(),
      item_id: z.string(),
      source: z.string(),
      answer: z.string().nullable(),
      original_instruction: z.string().nullable(),
      quality_score: z.number().nullable(),
      quality_tier: z.string().nullable().describe("gold / rewrite / discard; null when unscored or a trajectory"),
      revision_id: z.string().nullable(),
    }),
  })
  .describe("verl RLHFDataset row (parquet)");

export const EasyR1RowSchema = z
  .object({
    id: z.string(),
    prompt: z.string().describe("the whole prompt; one <image> per image"),
    answer: z.string().describe("JSON text of the ground truth, handed to the reward"),
    images: z.array(z.union([z.string(), z.object({ bytes: z.instanceof(Uint8Array).describe("binary") })])).min(1),
    target: z.string().nullable().describe("the answer the row teaches"),
    source: z.string(),
    quality_tier: z.string().nullable().describe("gold / rewrite / discard; null when unscored or a trajectory"),
  })
  .describe("EasyR1 row (JSONL, or parquet with embedded images)");

export const MsSwiftRowSchema = z
  .object({
    id: z.string(),
    messages: Chat.min(1),
    images: z.array(z.string()).min(1),
    objects: z.object({ ref: z.array(z.string()), bbox: z.array(z.array(z.number())), bbox_type: z.literal("real") }).optional().describe("the grounding format: <bbox> in the assistant turn"),
    solution: z.string().optional().describe("JSON text of the ground truth, passed to the reward"),
    rejected_response: z.string().optional().describe("DPO: the rejected answer to the same prompt"),
    source: z.string().nullable(),
    quality_tier: z.string().nullable().describe("gold / rewrite / discard; null when unscored or a trajectory"),
  })
  .describe("ms-swift row (JSONL)");

const Sharegpt = z.array(z.object({ from: z.enum(["system", "human", "gpt"]), value: z.string() }));

export const LlamaFactoryRowSchema = z
  .object({
    id: z.string(),
    conversations: Sharegpt.min(1),
    chosen: z.object({ from: z.literal("gpt"), value: z.string() }).optional(),
    rejected: z.object({ from: z.literal("gpt"), value: z.string() }).optional(),
    images: z.array(z.string()).min(1),
    quality_tier: z.string().nullable().describe("gold / rewrite / discard; null when unscored or a trajectory"),
  })
  .describe("LLaMA-Factory sharegpt row (JSONL; dataset_info.json names the file)");

export const HfDatasetsRowSchema = z
  .object({
    id: z.string(),
    images: z.array(z.object({ bytes: z.instanceof(Uint8Array).describe("binary"), path: z.string() })).min(1),
    messages: Chat.min(1),
    answer: z.string().nullable(),
    rejected: z.string().nullable().optional(),
    ground_truth: z.string().nullable(),
    meta: z.string().describe("JSON text of the row's facts"),
  })
  .describe("Hugging Face datasets row (parquet; images as Image features)");

export const ChangeLineSchema = z
  .object({ change: z.enum(["added", "updated", "removed"]), file: z.string(), id: z.string() })
  .describe("one line of changes.jsonl: a row of a data file against the base snapshot");

export const DiscardListSchema = z.array(z.string()).describe("mid-training discard.json: ids of samples below the rewrite threshold");
