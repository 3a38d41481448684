// The ScreenSpot-Pro sample convention, shared by the annotation ("meta") files and the
// evaluation results, which carry the same sample under other field names (img_filename vs
// img_path, instruction vs prompt_to_evaluate, language vs lang). `bbox` is [x1, y1, x2, y2]
// in pixels of the original screenshot; `gt_type: "negative"` is a refusal sample, the target
// is absent and the expected answer is [-1, -1] (the results file then has no bbox at all).
import "server-only";
import type { CoordinateContract, ImageSize } from "@/lib/domain/coordinates";
import type { SampleRecord, SampleTarget, SourceLocation } from "@/lib/imports/records";

export const PRO_SOURCE_DATASET = "screenspot-pro";
/** UI-Venus's own grounding meta records (negative instructions, action and description
 * texts): UI-Venus evaluates many benchmarks in this one layout (its example is a
 * ScreenSpot-v2 desktop sample) and the record does not say which, so they are filed under
 * UI-Venus, not under ScreenSpot-Pro as before (lib/imports/write/former-source.ts moves those). */
export const UI_VENUS_SOURCE_DATASET = "ui-venus";
export const PRO_BOX_CONTRACT: CoordinateContract = { format: "xyxy", unit: "px" };

export type ProSampleFields = {
  sourceId: string;
  imageRef: string;
  imageSize: ImageSize | null;
  instruction: string;
  /** null when the sample is a refusal (target absent). */
  bbox: number[] | null;
  language: string | null;
  platform: string | null;
  app: string | null;
  uiType: string | null;
  extra: Record<string, unknown> | null;
};

export function proSample(fields: ProSampleFields, location: SourceLocation, dataset: { sourceDataset: string; formerSourceDataset?: string } = { sourceDataset: PRO_SOURCE_DATASET }): SampleRecord {
  const target: SampleTarget =
    fields.bbox === null ? { kind: "absent" } : { kind: "box", raw: fields.bbox, contract: PRO_BOX_CONTRACT };
  return {
    type: "sample",
    location,
    ...dataset,
    sourceId: fields.sourceId,
    imageRef: fields.imageRef,
    imageSize: fields.imageSize,
    instruction: fields.instruction,
    language: fields.language,
    platform: fields.platform,
    app: fields.app,
    uiType: fields.uiType,
    target,
    extra: fields.extra,
  };
}
