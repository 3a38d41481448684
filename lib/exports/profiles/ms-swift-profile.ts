import "server-only";
// ms-swift: JSON lines in its standard format (modelscope/ms-swift@3602360
// docs/source_en/Customization/Custom-dataset.md; swift/dataset/preprocessor/core.py):
//   messages   system / user / assistant turns (core.py:69-84 keeps role and content only and
//              accepts these roles); "<image>" placeholders in order of `images`
//   images     paths; a relative one is joined onto ROOT_IMAGE_DIR (swift/template/vision_utils.py:104-117)
//   solution   the reward's ground truth (JSON text); GRPO passes extra columns to the reward
//              function as keyword arguments (rl_core/grpo_algorithm.py:46-65)
//   rejected_response  DPO pairs: the rejected answer to the same prompt (Custom-dataset.md, RLHF)
// The `objects` grounding format (Custom-dataset.md "Grounding"; template/base.py:299-319) is
// offered for grounding pools: the assistant turn is "<bbox>" and objects.bbox the target in
// the screenshot's own pixels (bbox_type "real"), which ms-swift writes in the chosen model's
// own syntax and normalisation (norm1000 for Qwen2/3-VL, absolute for Qwen2.5-VL). ms-swift
// rounds that normalisation with Python's round() (base.py:318-319), half to even, so on an
// exact half its target can differ by one unit from the `solution` the reward checks.
import { groundTruthText, imagePaths, type Profile } from "@/lib/exports/profiles/profile-types";
import type { TrainingRow } from "@/lib/exports/rows/training-row";

function objectsOf(row: TrainingRow): { messages: { role: string; content: string }[]; objects: Record<string, unknown> } | null {
  const truth = row.groundTruth;
  if (!truth || truth.task !== "grounding") return null;
  const refusal = truth.refusal === true;
  const boxPx = truth.box_px as number[] | null;
  const bbox = refusal || !boxPx ? [] : truth.target === "point" ? [[(boxPx[0]! + boxPx[2]!) / 2, (boxPx[1]! + boxPx[3]!) / 2]] : [boxPx];
  const messages = row.turns.map((t, i) => (i === row.turns.length - 1 && t.role === "assistant" ? { role: t.role, content: refusal ? t.content : "<bbox>" } : { role: t.role, content: t.content }));
  return { messages, objects: { ref: [], bbox, bbox_type: "real" } };
}

export const msSwiftProfile: Profile = {
  dataFile: (logical) => ({ logical, name: `${logical}.jsonl`, encoding: "jsonl" }),
  async shape(row, ctx) {
    const objects = ctx.swiftObjects ? objectsOf(row) : null;
    // Optional fields assigned in their place, not spread in: `...(c ? {..} : {})` put V8 on a
    // slow path for every row. The keys, and so the JSON line, are in the same order.
    const shaped: Record<string, unknown> = {
      id: row.key,
      messages: objects ? objects.messages : row.turns.map((t) => ({ role: t.role, content: t.content })),
      images: imagePaths(row, ctx),
    };
    if (objects) shaped.objects = objects.objects;
    if (row.groundTruth) shaped.solution = groundTruthText(row);
    if (row.rejected !== undefined) shaped.rejected_response = row.rejected;
    shaped.source = row.meta.source ?? null;
    // Every row says its tier (gold / rewrite / discard, null unscored or a trajectory), so a
    // trainer can drop or weight rows without going back to Verity.
    shaped.quality_tier = row.meta.quality_tier ?? null;
    return shaped;
  },
};
