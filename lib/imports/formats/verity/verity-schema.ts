// Verity JSONL, the native import format: one JSON object per line, each with a `type`.
// Pixels of the screenshot's own size, boxes `[x1, y1, x2, y2]`, actions in the canonical
// union, unless a line's `coords` says otherwise ("xywh:0-1000": the same coordinate
// contract as the CLI's --contract). Fields a line has beyond these are kept in `extra`.
// This zod schema is the definition; `schemas/verity-import.schema.json` is generated from it
// (npm run schemas) and shown on the import screen.
import { z } from "zod";
import { ActionSchema } from "@/lib/domain/actions";
import { ERROR_KINDS, STEP_LABEL_VALUES, TRACE_VERDICTS } from "@/lib/domain/labels";
import { CONTRACT_CHOICES } from "@/lib/imports/contract-choice";

const Id = z.string().trim().min(1).max(512);
const Text = z.string().max(100_000);
const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe("[x1, y1, x2, y2] in image pixels");
const Point = z.tuple([z.number(), z.number()]).describe("[x, y] in image pixels");
const Size = z.tuple([z.number().int().positive(), z.number().int().positive()]).describe("[width, height] in pixels");

const Coords = z
  .enum(CONTRACT_CHOICES)
  .optional()
  .describe("coordinate contract of this line's box, polygon, point or actions: format:unit (default xyxy:px, the screenshot's own pixels)");
const Extra = z.record(z.string(), z.unknown()).optional().describe("anything else to keep with the record; unknown fields of the line are kept here too");

const Verdict = z.object({
  kind: z.enum(["rule", "mllm"]),
  judge: Id.describe("judge or verifier name"),
  prompt_version: Id.optional(),
  metric: z.enum(["trace_success", "step_score", "quality_score"]),
  value: z.union([z.boolean(), z.number().min(0).max(10)]).describe("success boolean, or a 0-10 score"),
  rationale: Text.optional(),
  raw_output: Text.optional(),
});

export const VeritySampleLine = z.looseObject({
  type: z.literal("sample"),
  id: Id.describe("stable id within the dataset; re-importing the same id updates the sample"),
  dataset: Id.default("verity").describe("source dataset name"),
  image: Id.nullable().describe("image path relative to the import root, or null when not available yet"),
  image_size: Size.optional(),
  instruction: Text.min(1),
  language: z.string().max(32).optional(),
  platform: z.string().max(64).optional(),
  app: z.string().max(256).optional(),
  ui_type: z.string().max(64).optional(),
  box: Box.nullable().describe("target box, or null for a refusal sample (target absent)"),
  polygon: z.array(Point).min(3).optional().describe("target polygon; its bounding box must be `box`"),
  coords: Coords,
  verdicts: z.array(Verdict).default([]),
  extra: Extra,
});

export const VerityPredictionLine = z.looseObject({
  type: z.literal("prediction"),
  sample: Id.describe("id of a sample of the same dataset"),
  dataset: Id.default("verity"),
  model: Id,
  point: z.union([Point, z.literal("refusal"), z.literal("wrong_format")]),
  raw_output: Text.optional(),
  label: z.enum(["correct", "wrong", "wrong_format"]).optional().describe("correctness the source claims; checked on import"),
  coords: Coords,
  extra: Extra,
});

export const VerityStep = z.looseObject({
  image: Id.nullable(),
  overlay_image: Id.nullable().optional().describe("the same screenshot with the agent's labels drawn on it, when `image` is the clean one"),
  observation: Text.optional().describe("what the agent was given besides the screenshot (an element list, an accessibility tree)"),
  action: ActionSchema.nullable().describe("canonical action in image pixels, or null when unknown"),
  raw_output: Text.optional(),
  thought: Text.optional(),
  ui_tree: Id.optional().describe("path of the UI tree (XML) relative to the import root"),
  repeated: z.boolean().default(false),
  verdicts: z.array(Verdict).default([]),
  extra: Extra,
});

export const VerityTrajectoryLine = z.looseObject({
  type: z.literal("trajectory"),
  id: Id,
  dataset: Id.default("verity"),
  goal: Text.min(1),
  benchmark: Id.optional(),
  app: Id.optional(),
  model: Id.optional(),
  run: Id.optional().describe("evaluation run name (a `run` line)"),
  group: Id.optional().describe("GRPO group: rollouts of one task share it"),
  auto_outcome: z.boolean().optional(),
  claimed_finish: z.boolean().optional(),
  invalid_actions: z.number().int().min(0).default(0),
  reward: z.number().optional(),
  advantage: z.number().optional(),
  steps: z.array(VerityStep).max(10_000),
  coords: Coords,
  verdicts: z.array(Verdict).default([]),
  extra: Extra,
});

export const VerityVerdictLine = Verdict.extend({
  type: z.literal("verdict"),
  dataset: Id.default("verity"),
  // Strict objects: a plain one would match {trajectory, step} as {trajectory} and drop the
  // step, filing a step's verdict on its trajectory.
  target: z.union([
    z.strictObject({ sample: Id }),
    z.strictObject({ trajectory: Id, step: z.number().int().min(0).describe("0-based step index") }),
    z.strictObject({ trajectory: Id }),
  ]),
});

export const VerityRunLine = z.object({
  type: z.literal("run"),
  name: Id,
  benchmark: Id,
  model: Id.optional(),
});

const AnnotationStep = z.strictObject({
  step: z.number().int().min(0).describe("0-based step index"),
  label: z.enum(STEP_LABEL_VALUES),
  error_kind: z.enum(ERROR_KINDS).optional(),
  corrected_action: ActionSchema.optional().describe("the action the step should have taken, in the step screenshot's pixels"),
});

// A human label made elsewhere, imported as the annotator's own answer (lib/imports/write/annotations.ts):
// a draft stays a draft, a submitted label is an annotator's answer (the item goes in review),
// a verified one is also pinned as the item's final answer.
export const VerityAnnotationLine = z.looseObject({
  type: z.literal("annotation"),
  annotator: z.string().trim().toLowerCase().email().max(320).describe("the annotator's e-mail; each one becomes a placeholder account an owner links to a person"),
  dataset: Id.default("verity"),
  target: z.union([z.strictObject({ sample: Id }), z.strictObject({ trajectory: Id })]),
  status: z.enum(["draft", "submitted", "verified"]).default("submitted").describe("verified: the label is also the item's final answer"),
  box: Box.nullable().optional().describe("sample labels: the target box, or null for target absent (a refusal)"),
  coords: Coords.describe("coordinate contract of `box` (default xyxy:px)"),
  instruction_rewrite: Text.optional(),
  quality_score: z.number().min(0).max(10).optional(),
  trace_verdict: z.enum(TRACE_VERDICTS).optional().describe("trajectory labels: the trace verdict"),
  first_wrong_step: z.number().int().min(0).optional().describe("trajectory labels: 0-based index of the first wrong step"),
  steps: z.array(AnnotationStep).max(10_000).optional().describe("trajectory labels: one label per step"),
  note: Text.optional(),
  submitted_at: z.iso.datetime({ offset: true }).optional().describe("when the label was made (default: the import's time)"),
  extra: Extra,
});

export const VerityLineSchema = z.discriminatedUnion("type", [
  VeritySampleLine,
  VerityPredictionLine,
  VerityTrajectoryLine,
  VerityVerdictLine,
  VerityRunLine,
  VerityAnnotationLine,
]);
export type VerityLine = z.infer<typeof VerityLineSchema>;
export type VerityVerdict = z.infer<typeof Verdict>;

export function verityJsonSchema(): unknown {
  return {
    $id: "https://verity.local/schemas/verity-import.schema.json",
    title: "Verity JSONL import line",
    description: "One JSON object per line. Coordinates are pixels of the screenshot; boxes are [x1, y1, x2, y2].",
    ...z.toJSONSchema(VerityLineSchema, { io: "input" }),
  };
}
