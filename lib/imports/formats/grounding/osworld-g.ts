// OSWorld-G (the JEDI grounding benchmark): a JSON array (or JSONL) of `{ id, image_path,
// image_size, instruction, box_type, box_coordinates, GUI_types? }`.
// Conventions, as its evaluator reads them: `box_type: "bbox"` -> `box_coordinates` is
// [x, y, w, h] in pixels; `"polygon"` -> a flat [x1, y1, x2, y2, ...] list of pixel points
// (a list of [x, y] pairs is read too), kept as the polygon so the writer can store both it
// and its bounding box; `"refusal"` -> no target on the screenshot (the coordinates, if any,
// mean nothing). `image_size` is [w, h]. `GUI_types` are capability categories, not UI types.
import "server-only";
import { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import type { Point } from "@/lib/domain/geometry";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
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
import type { FormatParser, ParsedItem, SampleRecord, SampleTarget, SourceLocation } from "@/lib/imports/records";

const BOX_CONTRACT: CoordinateContract = { format: "xywh", unit: "px" };
const POLYGON_CONTRACT: CoordinateContract = { format: "xyxy", unit: "px" };

// A list of [x, y] pairs is flattened first, so both spellings share one schema and one set
// of error messages (a zod union would only report "Invalid input").
const isPairList = (value: unknown): value is unknown[][] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => Array.isArray(item) && item.length === 2);

const PolygonSchema = z.preprocess(
  (value) => (isPairList(value) ? value.flat() : value),
  z
    .array(z.number())
    .refine((values) => values.length % 2 === 0 && values.length >= 6, {
      error: (issue) =>
        `expected at least 3 [x, y] points as a flat list (an even count >= 6 numbers), got ${(issue.input as unknown[]).length} numbers`,
    })
    .transform((values): Point[] => {
      const points: Point[] = [];
      for (let i = 0; i + 1 < values.length; i += 2) points.push([values[i] ?? 0, values[i + 1] ?? 0]);
      return points;
    }),
);

const base = {
  id: SourceIdSchema,
  image_path: z.string().min(1),
  image_size: SizePairSchema.nullish(),
  instruction: InstructionSchema,
  GUI_types: z.array(z.string()).nullish(),
  gui_types: z.array(z.string()).nullish(),
  platform: OptionalTextSchema,
  application: OptionalTextSchema,
};

const OsWorldGRecordSchema = z.discriminatedUnion("box_type", [
  z.object({ ...base, box_type: z.literal("bbox"), box_coordinates: numbers(4) }),
  z.object({
    ...base,
    box_type: z.literal("polygon"),
    box_coordinates: PolygonSchema,
  }),
  z.object({ ...base, box_type: z.literal("refusal"), box_coordinates: z.unknown() }),
]);
type OsWorldGRecord = z.infer<typeof OsWorldGRecordSchema>;

function targetOf(record: OsWorldGRecord): SampleTarget {
  switch (record.box_type) {
    case "bbox":
      return { kind: "box", raw: record.box_coordinates, contract: BOX_CONTRACT };
    case "polygon":
      return { kind: "polygon", points: record.box_coordinates, contract: POLYGON_CONTRACT };
    case "refusal":
      return { kind: "absent" };
  }
}

const OSWORLD_G_FIELDS = [...Object.keys(base), "box_type", "box_coordinates"];

function toSample(record: OsWorldGRecord, raw: unknown, location: SourceLocation): SampleRecord {
  return {
    type: "sample",
    location,
    sourceDataset: "osworld-g",
    sourceId: record.id ?? contentSourceId(record),
    imageRef: record.image_path,
    imageSize: sizeFromPair(record.image_size),
    instruction: record.instruction,
    language: null,
    platform: record.platform,
    app: record.application,
    uiType: null,
    target: targetOf(record),
    extra: mergeExtra(unknownKeys(raw, OSWORLD_G_FIELDS), compactExtra({ box_type: record.box_type, gui_types: record.GUI_types ?? record.gui_types })),
  };
}

export const osworldGParser: FormatParser = {
  id: "osworld-g",
  label: "OSWorld-G grounding (JSON)",
  async detect(input) {
    const head = await readJsonHead(input);
    if (!head) return false;
    const keys = head.recordKeys;
    return keys.has("box_type") && keys.has("box_coordinates") && keys.has("instruction");
  },
  async *parse(input): AsyncGenerator<ParsedItem> {
    for await (const item of readJsonRecords(input)) {
      if (item.type === "rejected") {
        yield item;
        continue;
      }
      const parsed = OsWorldGRecordSchema.safeParse(item.value);
      yield parsed.success ? toSample(parsed.data, item.value, item.location) : rejectionFromZod(item.location, parsed.error);
    }
  },
};
