// ScreenSpot-Pro annotation files and UI-Venus' grounding input ("meta") format: a JSON array
// (or JSONL) of `{ img_filename, img_size, bbox, instruction, id, application, platform,
// ui_type, group?, instruction_cn?, action?, decription?, gt_type?, negative_instruction? ... }`.
// Conventions: `bbox` is [x1, y1, x2, y2] in pixels of the screenshot, `img_size` is [w, h];
// `gt_type: "negative"` marks a refusal sample (target absent, expected answer [-1, -1]) and
// then needs no bbox. UI-Venus spells `decription` without the s (read both spellings) and adds
// `negative_instruction` (+ `negative_action`, `negative_description`): an instruction whose
// target is NOT on the same screenshot, imported as a second, refusal sample whose source id
// is the positive one's + "#negative". Records without `id` are keyed by a content hash.
// Fields of a record that have no column are kept in the positive sample's `extra`.
// A record in UI-Venus's layout (negative instruction, action or description texts) is filed
// under the source dataset "ui-venus", ScreenSpot-Pro's own annotations under "screenspot-pro".
// UI-Venus-2's grounding test cases (inclusionAI/UI-Venus @ 81945ac, models/grounding/
// test_cases/annotations/test_samples.json, three ScreenSpot-Pro samples) are this format as
// is: `img_filename, bbox, instruction, instruction_cn, id, application, platform, img_size,
// ui_type, group`, bbox [x1, y1, x2, y2] px of img_size (its evaluator divides bbox by img_size
// and tests the point inclusively, eval_single_benchmark.py eval_sample_positive_gt). Images
// sit under the sibling `images/` at their img_filename (test_grounding_api.py L41-42, L87):
// the resolver finds them there by the path's tail when `test_cases/` is imported.
import "server-only";
import { z } from "zod";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
import { PRO_SOURCE_DATASET, proSample, UI_VENUS_SOURCE_DATASET } from "@/lib/imports/formats/grounding/pro-sample";
import {
  compactExtra,
  InstructionSchema,
  numbers,
  OptionalTextSchema,
  rejectionFromZod,
  SizePairSchema,
  sizeFromPair,
  SourceIdSchema,
} from "@/lib/imports/formats/grounding/record-schema";
import { contentSourceId } from "@/lib/imports/formats/grounding/source-id";
import { mergeExtra, unknownKeys } from "@/lib/imports/formats/unknown-keys";
import type { FormatParser, ParsedItem, SampleRecord, SourceLocation } from "@/lib/imports/records";

const ProMetaShape = z.object({
    id: SourceIdSchema,
    img_filename: z.string().min(1),
    img_size: SizePairSchema.nullish(),
    bbox: numbers(4).nullish(),
    instruction: InstructionSchema,
    gt_type: z.enum(["positive", "negative"]).nullish(),
    ui_type: OptionalTextSchema,
    platform: OptionalTextSchema,
    application: OptionalTextSchema,
    group: OptionalTextSchema,
    language: OptionalTextSchema,
    lang: OptionalTextSchema,
    instruction_cn: OptionalTextSchema,
    action: OptionalTextSchema,
    decription: OptionalTextSchema,
    description: OptionalTextSchema,
    negative_instruction: OptionalTextSchema,
    negative_action: OptionalTextSchema,
    negative_description: OptionalTextSchema,
  });
const META_FIELDS = Object.keys(ProMetaShape.shape);
const ProMetaRecordSchema = ProMetaShape
  .refine((record) => record.gt_type === "negative" || (record.bbox !== null && record.bbox !== undefined), {
    error: "required unless gt_type is \"negative\"",
    path: ["bbox"],
  });
type ProMetaRecord = z.infer<typeof ProMetaRecordSchema>;

/** A record in UI-Venus's own meta layout: it carries the texts ScreenSpot-Pro's annotations do not. */
function isUiVenusRecord(record: ProMetaRecord): boolean {
  return [record.negative_instruction, record.negative_action, record.negative_description, record.action, record.decription].some((v) => v !== null && v !== undefined);
}

function toSamples(record: ProMetaRecord, raw: unknown, location: SourceLocation): SampleRecord[] {
  const unknown = unknownKeys(raw, META_FIELDS);
  const dataset = isUiVenusRecord(record) ? { sourceDataset: UI_VENUS_SOURCE_DATASET, formerSourceDataset: PRO_SOURCE_DATASET } : { sourceDataset: PRO_SOURCE_DATASET };
  const sourceId = record.id ?? contentSourceId(record);
  const isRefusal = record.gt_type === "negative";
  const shared = {
    imageRef: record.img_filename,
    imageSize: sizeFromPair(record.img_size),
    language: record.language ?? record.lang,
    platform: record.platform,
    app: record.application,
  };
  const samples = [
    proSample(
      {
        ...shared,
        sourceId,
        instruction: record.instruction,
        bbox: isRefusal ? null : (record.bbox ?? null),
        uiType: record.ui_type,
        extra: mergeExtra(
          unknown,
          compactExtra({
            group: record.group,
            action: record.action,
            description: record.description ?? record.decription,
            instruction_cn: record.instruction_cn,
            gt_type: record.gt_type,
            // A refusal record may still carry the box of the element it was derived from.
            bbox: isRefusal ? record.bbox : null,
          }),
        ),
      },
      location,
      dataset,
    ),
  ];
  if (record.negative_instruction !== null) {
    samples.push(
      proSample(
        {
          ...shared,
          sourceId: `${sourceId}#negative`,
          instruction: record.negative_instruction,
          bbox: null,
          // ui_type describes the positive target; a refusal has none on this screenshot.
          uiType: null,
          extra: compactExtra({
            group: record.group,
            action: record.negative_action,
            description: record.negative_description,
            positive_source_id: sourceId,
          }),
        },
        location,
        dataset,
      ),
    );
  }
  return samples;
}

export const screenSpotProParser: FormatParser = {
  id: "screenspot-pro",
  label: "ScreenSpot-Pro / UI-Venus grounding annotations (JSON)",
  async detect(input) {
    const head = await readJsonHead(input);
    if (!head) return false;
    const keys = head.recordKeys;
    return keys.has("img_filename") && keys.has("instruction") && (keys.has("img_size") || keys.has("gt_type"));
  },
  async *parse(input): AsyncGenerator<ParsedItem> {
    for await (const item of readJsonRecords(input)) {
      if (item.type === "rejected") {
        yield item;
        continue;
      }
      const parsed = ProMetaRecordSchema.safeParse(item.value);
      if (parsed.success) yield* toSamples(parsed.data, item.value, item.location);
      else yield rejectionFromZod(item.location, parsed.error);
    }
  },
};
