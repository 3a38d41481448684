// ScreenSpot-Pro evaluation results, also written by UI-Venus' grounding evaluation: one JSON
// object `{ details: [...], metrics: {...} }`. Each detail is one model answer on one sample:
// `{ img_path, prompt_to_evaluate, bbox, gt_type, ui_type, platform, application, group, lang,
// instruction_style, task_filename, pred, raw_response, correctness }`.
// Conventions: `bbox` is [x1, y1, x2, y2] px and `pred` an [x, y] point in pixels of the same
// screenshot (the evaluator already scaled the model's own coordinates; `raw_response` keeps
// them, as a string or, in UI-Venus, a list of strings); `correctness` is the file's own
// judgement ("correct" | "wrong" | "wrong_format"), kept as fileLabel so the writer can
// report where recomputed point-in-box disagrees. A negative (refusal) detail has no bbox; the
// evaluator records a refusal answer as `pred: null` with "correct", so that pair is read as
// the refusal it is, not as wrong_format. Fields of a detail that have no column are kept as
// the prediction's `extra`.
// The model is a top-level name in the file (model, model_name, ...) or the one given with
// the import (--model); never the file name unasked, which is "results.json" for every run. A
// file that names none is refused as a whole: predictions filed under a guessed model would
// overwrite another model's. The import screen proposes the file's name in its Model field
// (preview.ts) and the CLI prints the command to rerun with it (import-command.ts): someone
// who can see the name confirms it. Each file is one evaluation run (`<model> · <file stem>`),
// written first with the file's `metrics` block, which run-metrics.ts checks against the
// imported predictions once they are all written.
import "server-only";
import { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { PointSchema } from "@/lib/domain/geometry";
import { fileStem, resolveInputFile } from "@/lib/imports/formats/grounding/input-file";
import { readTopLevelValue } from "@/lib/imports/formats/json-top-value";
import { unknownKeys } from "@/lib/imports/formats/unknown-keys";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
import { PRO_SOURCE_DATASET, proSample } from "@/lib/imports/formats/grounding/pro-sample";
import { RESULTS_RUN_KIND } from "@/lib/imports/formats/grounding/results-run";
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
import type {
  FormatParser,
  ParsedItem,
  ParserInput,
  PredictionRecord,
  PredictionValue,
  RunRecord,
  SourceLocation,
} from "@/lib/imports/records";

const POINT_CONTRACT: CoordinateContract = { format: "xyxy", unit: "px" };
const MODEL_KEYS = ["model", "model_name", "model_name_or_path", "model_type"];
const DETAIL_KEYS = ["pred", "correctness", "raw_response"];

const DetailShape = z.object({
    id: SourceIdSchema,
    img_path: z.string().min(1).nullish(),
    img_filename: z.string().min(1).nullish(),
    prompt_to_evaluate: InstructionSchema.nullish(),
    instruction: InstructionSchema.nullish(),
    img_size: SizePairSchema.nullish(),
    bbox: numbers(4).nullish(),
    gt_type: z.enum(["positive", "negative"]).nullish(),
    ui_type: OptionalTextSchema,
    platform: OptionalTextSchema,
    application: OptionalTextSchema,
    group: OptionalTextSchema,
    lang: OptionalTextSchema,
    language: OptionalTextSchema,
    instruction_style: OptionalTextSchema,
    task_filename: OptionalTextSchema,
    // The model's answer is judged, never validated: a malformed pred is wrong_format, not a bad record.
    pred: z.unknown(),
    raw_response: z.unknown(),
    correctness: OptionalTextSchema,
  });
const DETAIL_FIELDS = Object.keys(DetailShape.shape);
const DetailSchema = DetailShape
  .refine((d) => Boolean(d.img_path ?? d.img_filename), { error: "required (or img_filename)", path: ["img_path"] })
  .refine((d) => Boolean(d.prompt_to_evaluate ?? d.instruction), {
    error: "required (or instruction)",
    path: ["prompt_to_evaluate"],
  })
  .refine((d) => d.gt_type === "negative" || (d.bbox !== null && d.bbox !== undefined), {
    error: "required unless gt_type is \"negative\"",
    path: ["bbox"],
  });
type Detail = z.infer<typeof DetailSchema>;

function predictionOf(detail: Detail, isRefusalSample: boolean): PredictionValue {
  if (detail.correctness === "wrong_format") return { kind: "wrong_format" };
  const point = PointSchema.safeParse(detail.pred);
  if (point.success) {
    const [x, y] = point.data;
    return x === -1 && y === -1 ? { kind: "refusal" } : { kind: "point", raw: [x, y], contract: POINT_CONTRACT };
  }
  if (isRefusalSample && detail.correctness === "correct") return { kind: "refusal" };
  return { kind: "wrong_format" };
}

function rawOutputOf(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  return typeof raw === "string" ? raw : (JSON.stringify(raw) ?? null);
}

function toPrediction(detail: Detail, raw: unknown, location: SourceLocation, model: string, runName: string): PredictionRecord {
  const isRefusalSample = detail.gt_type === "negative";
  const sampleFields = {
    imageRef: detail.img_path ?? detail.img_filename ?? "",
    instruction: detail.prompt_to_evaluate ?? detail.instruction ?? "",
    bbox: isRefusalSample ? null : (detail.bbox ?? null),
    imageSize: sizeFromPair(detail.img_size),
    language: detail.lang ?? detail.language,
    platform: detail.platform,
    app: detail.application,
    uiType: detail.ui_type,
    extra: compactExtra({
      group: detail.group,
      instruction_style: detail.instruction_style,
      task_filename: detail.task_filename,
      gt_type: detail.gt_type,
    }),
  };
  // Hashed without the answer, so the same sample answered by two models (or two runs) keys alike.
  const sourceId = detail.id ?? contentSourceId({ ...sampleFields, gtType: detail.gt_type ?? null });
  return {
    type: "prediction",
    location,
    model,
    prediction: predictionOf(detail, isRefusalSample),
    rawOutput: rawOutputOf(detail.raw_response),
    fileLabel: detail.correctness,
    sample: proSample({ ...sampleFields, sourceId }, location),
    runName,
    extra: unknownKeys(raw, DETAIL_FIELDS),
  };
}

/** The model the results file names itself (model, model_name, ...), whatever the import gives. */
export async function modelNamedInFile(input: ParserInput): Promise<string | null> {
  const head = await readJsonHead(input);
  for (const key of MODEL_KEYS) {
    const name = head?.topStrings.get(key)?.trim();
    if (name) return name;
  }
  return null;
}

async function modelName(input: ParserInput): Promise<string | null> {
  return input.model?.trim() || (await modelNamedInFile(input));
}

/** How the refusal of a file that names no model begins: the CLI answers it with the command to rerun. */
export const NAMES_NO_MODEL = "the results file names no model";

async function runRecord(input: ParserInput, model: string): Promise<RunRecord> {
  const file = resolveInputFile(input)!;
  const metrics = await readTopLevelValue(file.path, "metrics");
  return {
    type: "run",
    location: { file: file.label, line: null },
    name: `${model} · ${fileStem(file.label)}`,
    benchmark: PRO_SOURCE_DATASET,
    model,
    meta: { kind: RESULTS_RUN_KIND, file: file.label, metrics: metrics ?? null },
  };
}

export const groundingResultsParser: FormatParser = {
  id: "grounding-results",
  label: "ScreenSpot-Pro / UI-Venus grounding results (details[])",
  async detect(input) {
    const head = await readJsonHead(input);
    if (!head || head.shape !== "object" || !head.topKeys.has("details")) return false;
    // When the head reaches the first detail, it must look like a model answer.
    const first = head.firstElementKeys.get("details");
    return first === undefined || DETAIL_KEYS.some((key) => first.has(key));
  },
  async *parse(input): AsyncGenerator<ParsedItem> {
    const model = await modelName(input);
    if (!model) {
      yield {
        type: "rejected",
        location: { file: input.file ?? "", line: null },
        reason: `${NAMES_NO_MODEL} (${MODEL_KEYS.join(", ")}); give it with the import (--model, or the Model field of the preview), so its answers are not filed under another model's`,
      };
      return;
    }
    const run = await runRecord(input, model);
    yield run;
    for await (const item of readJsonRecords(input, { arrayKey: "details" })) {
      if (item.type === "rejected") {
        yield item;
        continue;
      }
      const parsed = DetailSchema.safeParse(item.value);
      yield parsed.success ? toPrediction(parsed.data, item.value, item.location, model, run.name) : rejectionFromZod(item.location, parsed.error);
    }
  },
};
