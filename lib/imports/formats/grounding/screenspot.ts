// ScreenSpot v1 (SeeClick) and ScreenSpot-v2 grounding files: a JSON array (or JSONL) of
// `{ img_filename, bbox, instruction, data_type, data_source }`, one file per platform
// (screenspot_mobile.json, screenspot_desktop.json, screenspot_web.json, and their _v2 twins).
// Conventions: `bbox` is [x, y, w, h] in pixels of the screenshot; `data_type` is the target's
// UI type ("text" | "icon"); `data_source` is the OS for mobile and desktop ("ios", "android",
// "windows", "macos") but the website category for web ("shop", "forum", "gitlab", "tool").
// No record has an id, so the source id is a content hash; v2 files have the same shape and
// import under the same dataset name (their corrected boxes hash differently from v1's).
import "server-only";
import { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
import {
  compactExtra,
  InstructionSchema,
  numbers,
  OptionalTextSchema,
  rejectionFromZod,
} from "@/lib/imports/formats/grounding/record-schema";
import { contentSourceId } from "@/lib/imports/formats/grounding/source-id";
import { mergeExtra, unknownKeys } from "@/lib/imports/formats/unknown-keys";
import type { FormatParser, ParsedItem, SampleRecord, SourceLocation } from "@/lib/imports/records";

const BOX_CONTRACT: CoordinateContract = { format: "xywh", unit: "px" };

// data_source values that name a platform; any other value is a website category.
const PLATFORM_SOURCES = new Set(["ios", "android", "windows", "macos", "linux", "web"]);

const ScreenSpotRecordSchema = z.object({
  img_filename: z.string().min(1),
  bbox: numbers(4),
  instruction: InstructionSchema,
  data_type: OptionalTextSchema,
  data_source: OptionalTextSchema,
});
type ScreenSpotRecord = z.infer<typeof ScreenSpotRecordSchema>;

function platformAndApp(dataSource: string | null): { platform: string | null; app: string | null } {
  if (dataSource === null) return { platform: null, app: null };
  const source = dataSource.toLowerCase();
  return PLATFORM_SOURCES.has(source) ? { platform: source, app: null } : { platform: "web", app: dataSource };
}

const SCREENSPOT_FIELDS = Object.keys(ScreenSpotRecordSchema.shape);

function toSample(record: ScreenSpotRecord, raw: unknown, location: SourceLocation): SampleRecord {
  return {
    type: "sample",
    location,
    sourceDataset: "screenspot",
    sourceId: contentSourceId(record),
    imageRef: record.img_filename,
    imageSize: null,
    instruction: record.instruction,
    language: null,
    ...platformAndApp(record.data_source),
    uiType: record.data_type,
    target: { kind: "box", raw: record.bbox, contract: BOX_CONTRACT },
    extra: mergeExtra(unknownKeys(raw, SCREENSPOT_FIELDS), compactExtra({ data_source: record.data_source })),
  };
}

export const screenSpotParser: FormatParser = {
  id: "screenspot",
  label: "ScreenSpot v1/v2 grounding (JSON)",
  async detect(input) {
    const head = await readJsonHead(input);
    if (!head) return false;
    const keys = head.recordKeys;
    // img_size / gt_type belong to ScreenSpot-Pro, whose bbox is xyxy: never claim those.
    return (
      keys.has("img_filename") &&
      keys.has("bbox") &&
      keys.has("instruction") &&
      (keys.has("data_type") || keys.has("data_source")) &&
      !keys.has("img_size") &&
      !keys.has("gt_type")
    );
  },
  async *parse(input): AsyncGenerator<ParsedItem> {
    for await (const item of readJsonRecords(input)) {
      if (item.type === "rejected") {
        yield item;
        continue;
      }
      const parsed = ScreenSpotRecordSchema.safeParse(item.value);
      yield parsed.success ? toSample(parsed.data, item.value, item.location) : rejectionFromZod(item.location, parsed.error);
    }
  },
};
