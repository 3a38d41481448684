// A verified grounding sample as a TrainingRow: the question (the template with the final
// instruction: the reviewer's rewrite when there is one) after one image placeholder, the
// answer in the pool's convention (a point: the box's centre; a box; [-1,-1] for a refusal),
// and the reward's ground truth, which carries the pixel box it was derived from (and the
// rounding rule when it is not half up) so the shipped reward can re-derive it the same way. A sample that cannot make a row is
// counted under skipped:* and left out; nothing is guessed, clamped or rescaled here.
import type { VerifiedSampleRecord } from "@/lib/exports/read/verified-samples";
import { AspectRatioError } from "@/lib/exports/conventions/smart-resize";
import { boxCentre, boxInConvention, boxInsideImage, conventionSpace, pointInConvention, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { groundingPrompt, isGroundingTemplate, sanitizeUserText } from "@/lib/exports/conventions/prompt-templates";
import { IMAGE_TOKEN, type RowImage, type TrainingRow } from "@/lib/exports/rows/training-row";
import type { Counter, RowStyle } from "@/lib/exports/rows/row-style";

export const REFUSAL = [-1, -1] as const;

/** The screenshot in the convention, or null (counted) when qwen-vl-utils would refuse it. */
export function spaceOf(style: RowStyle, image: { width: number; height: number }, count: Counter): ConventionSpace | null {
  try {
    return conventionSpace(style.convention, image, style.rounding);
  } catch (error) {
    if (error instanceof AspectRatioError) {
      count("skipped:aspect_ratio_over_200");
      return null;
    }
    throw error;
  }
}

export function rowImage(record: { media: { id: string; sha256: string; mime: string; storageKey: string } | null; image: { width: number; height: number } | null }): RowImage | null {
  if (!record.media || !record.image) return null;
  return { mediaId: record.media.id, sha256: record.media.sha256, mime: record.media.mime, storageKey: record.media.storageKey, width: record.image.width, height: record.image.height };
}

/** The sample's row in the logical file, or null when it cannot be one (counted). */
export function groundingRow(record: VerifiedSampleRecord, style: RowStyle, file: string, count: Counter): TrainingRow | null {
  const answer = record.answer;
  if (!answer) return skip(count, "skipped:no_final_answer");
  if (!answer.targetAbsent && !answer.box) return skip(count, "skipped:no_box");
  const image = rowImage(record);
  if (!image) return skip(count, "skipped:image_missing");
  // Boxes are clamped when saved; one outside the image here predates that (or came in by
  // hand) and is refused rather than clamped out of sight.
  if (answer.box && !answer.targetAbsent && !boxInsideImage(answer.box, image)) return skip(count, "skipped:box_outside_image");
  const space = spaceOf(style, image, count);
  if (!space) return null;
  if (!isGroundingTemplate(style.template)) throw new Error(`${style.template} is not a grounding template`);

  const written = sanitizeUserText(answer.instructionRewrite ?? record.instruction);
  if (written.replaced > 0) count("text:image_placeholders_replaced", written.replaced);
  const box = answer.targetAbsent ? null : boxInConvention(answer.box!, space);
  const target = answer.targetAbsent ? [...REFUSAL] : style.target === "point" ? pointInConvention(boxCentre(answer.box!), space) : box!;
  return {
    key: record.id,
    itemId: record.id,
    file,
    turns: [
      { role: "user", content: `${IMAGE_TOKEN}${groundingPrompt(style.template, written.text, style.convention, style.target)}` },
      { role: "assistant", content: JSON.stringify(target) },
    ],
    images: [image],
    groundTruth: {
      task: "grounding",
      convention: style.convention,
      target: style.target,
      refusal: answer.targetAbsent,
      box,
      answer: target,
      image: [image.width, image.height],
      resized: space.resized ? [space.resized.width, space.resized.height] : null,
      box_px: answer.targetAbsent ? null : [...answer.box!],
      // Only where it is not the default, so rows made half up keep their hash (row-hash.test.ts).
      ...(style.rounding !== "half-up" ? { rounding: style.rounding } : {}),
    },
    meta: {
      id: record.id,
      source: record.sourceDataset,
      source_id: record.sourceId,
      app: record.app,
      platform: record.platform,
      quality_score: record.qualityScore,
      quality_tier: record.qualityTier,
      instruction: written.text,
      original_instruction: record.instruction,
      revision_id: answer.revisionId,
    },
    revisionIds: [answer.revisionId],
    overrideIds: [...record.overrideIds],
  };
}

function skip(count: Counter, key: string): null {
  count(key);
  return null;
}
