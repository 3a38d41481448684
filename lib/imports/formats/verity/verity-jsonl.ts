// Parser of Verity JSONL (see verity-schema.ts): the native format, in pixels (or in the
// contract a line's `coords` names) and in the canonical action union, so its records map
// one to one onto the import contract. Fields a line has beyond the schema's are kept in
// the record's `extra`, beside the line's own `extra`.
import path from "node:path";
import type { z } from "zod";
import type { CoordinateContract } from "@/lib/domain/coordinates";
import { parseContractChoice } from "@/lib/imports/contract-choice";
import type { FormatParser, ImportRecord, ParsedItem, ParserInput, VerdictRecord } from "@/lib/imports/records";
import { annotationRecord } from "@/lib/imports/formats/verity/verity-annotation";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { mergeExtra, unknownKeys } from "@/lib/imports/formats/unknown-keys";
import {
  VerityLineSchema,
  VerityPredictionLine,
  VeritySampleLine,
  VerityStep,
  VerityTrajectoryLine,
  type VerityLine,
  type VerityVerdict,
} from "@/lib/imports/formats/verity/verity-schema";

const PX_XYXY: CoordinateContract = { format: "xyxy", unit: "px" };
const RECORD_TYPES = new Set(["sample", "prediction", "trajectory", "verdict", "run", "annotation"]);
// Lines whose `type` decides: a file whose first few records all have one is Verity JSONL.
const DETECT_LINES = 3;

function contractOf(coords: string | undefined): CoordinateContract {
  return (coords && parseContractChoice(coords)) || PX_XYXY;
}

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape);
const SAMPLE_FIELDS = keysOf(VeritySampleLine);
const PREDICTION_FIELDS = keysOf(VerityPredictionLine);
const TRAJECTORY_FIELDS = keysOf(VerityTrajectoryLine);
const STEP_FIELDS = keysOf(VerityStep);

function extraOf(line: Record<string, unknown>, known: string[]): Record<string, unknown> | null {
  const own = line.extra && typeof line.extra === "object" && !Array.isArray(line.extra) ? (line.extra as Record<string, unknown>) : null;
  return mergeExtra(unknownKeys(line, known), own);
}

function verdict(v: VerityVerdict): VerdictRecord {
  return {
    kind: v.kind,
    judgeName: v.judge,
    promptVersion: v.prompt_version ?? null,
    metric: v.metric,
    valueBool: typeof v.value === "boolean" ? v.value : null,
    valueScore: typeof v.value === "number" ? v.value : null,
    rationale: v.rationale ?? null,
    rawOutput: v.raw_output ?? null,
  };
}

function toRecords(line: VerityLine, location: { file: string; line: number }): ParsedItem[] {
  switch (line.type) {
    case "sample": {
      const contract = contractOf(line.coords);
      const sample = {
        type: "sample" as const,
        location,
        sourceDataset: line.dataset,
        sourceId: line.id,
        imageRef: line.image,
        imageSize: line.image_size ? { width: line.image_size[0], height: line.image_size[1] } : null,
        instruction: line.instruction,
        language: line.language ?? null,
        platform: line.platform ?? null,
        app: line.app ?? null,
        uiType: line.ui_type ?? null,
        target:
          line.box === null
            ? { kind: "absent" as const }
            : line.polygon
              ? { kind: "polygon" as const, points: line.polygon, contract: { ...contract, format: "xyxy" as const } }
              : { kind: "box" as const, raw: line.box, contract },
        extra: extraOf(line, SAMPLE_FIELDS),
      };
      const verdicts: ImportRecord[] = line.verdicts.map((v) => ({
        type: "verdict",
        location,
        target: { kind: "sample", sourceDataset: line.dataset, sourceId: line.id },
        verdict: verdict(v),
      }));
      return [sample, ...verdicts];
    }
    case "prediction":
      return [
        {
          type: "prediction",
          location,
          model: line.model,
          prediction: Array.isArray(line.point) ? { kind: "point", raw: line.point, contract: contractOf(line.coords) } : { kind: line.point },
          rawOutput: line.raw_output ?? null,
          fileLabel: line.label ?? null,
          sample: { type: "sample_ref", sourceDataset: line.dataset, sourceId: line.sample },
          extra: extraOf(line, PREDICTION_FIELDS),
        },
      ];
    case "trajectory": {
      // Actions in another contract than the screenshot's pixels are converted by the writer.
      const actionContract = line.coords ? contractOf(line.coords) : null;
      return [
        {
          type: "trajectory",
          location,
          sourceDataset: line.dataset,
          sourceId: line.id,
          goal: line.goal,
          benchmark: line.benchmark ?? null,
          app: line.app ?? null,
          model: line.model ?? null,
          runName: line.run ?? null,
          groupKey: line.group ?? null,
          autoOutcome: line.auto_outcome ?? null,
          agentClaimedFinish: line.claimed_finish ?? line.steps.at(-1)?.action?.type === "finish",
          invalidActionCount: line.invalid_actions,
          sourceReward: line.reward ?? null,
          sourceAdvantage: line.advantage ?? null,
          steps: line.steps.map((step, index) => ({
            index,
            imageRef: step.image,
            overlayImageRef: step.overlay_image ?? null,
            observation: step.observation ?? null,
            action: step.action,
            actionContract,
            isRepeated: step.repeated,
            rawOutput: step.raw_output ?? null,
            thought: step.thought ?? null,
            uiTreeRef: step.ui_tree ?? null,
            note: null,
            verdicts: step.verdicts.map(verdict),
            extra: extraOf(step, STEP_FIELDS),
          })),
          verdicts: line.verdicts.map(verdict),
          extra: extraOf(line, TRAJECTORY_FIELDS),
        },
      ];
    }
    case "verdict": {
      const t = line.target;
      const target =
        "sample" in t
          ? { kind: "sample" as const, sourceDataset: line.dataset, sourceId: t.sample }
          : "step" in t
            ? { kind: "step" as const, sourceDataset: line.dataset, sourceId: t.trajectory, stepIndex: t.step }
            : { kind: "trajectory" as const, sourceDataset: line.dataset, sourceId: t.trajectory };
      return [{ type: "verdict", location, target, verdict: verdict(line) }];
    }
    case "run":
      return [{ type: "run", location, name: line.name, benchmark: line.benchmark, model: line.model ?? null, meta: null }];
    case "annotation":
      return [annotationRecord(line, location, contractOf(line.coords))];
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "line"}: ${i.message}`)
    .join("; ");
}

/** The `type` of the first records, read whole whatever their length (a trajectory line
 * can run to megabytes before its `type`); null for a line that is not an object. */
async function firstTypes(file: string): Promise<(string | null)[]> {
  const types: (string | null)[] = [];
  for await (const entry of jsonLines(file)) {
    const value = "value" in entry ? entry.value : null;
    types.push(value && typeof value === "object" && !Array.isArray(value) && typeof (value as { type?: unknown }).type === "string" ? (value as { type: string }).type : null);
    if (types.length >= DETECT_LINES) break;
  }
  return types;
}

export const verityJsonlParser: FormatParser = {
  id: "verity-jsonl",
  label: "Verity JSONL",
  async detect(input: ParserInput) {
    if (!input.file || !/\.(jsonl|ndjson)$/i.test(input.file)) return false;
    const types = await firstTypes(path.join(input.root, input.file)).catch((): (string | null)[] => []);
    // The first record decides; a bad line among the first few does not.
    const first = types[0] ?? null;
    return types.some((t) => t !== null && RECORD_TYPES.has(t)) && (first === null || RECORD_TYPES.has(first));
  },
  async *parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    if (!input.file) throw new Error("Verity JSONL needs a file");
    const file = input.file;
    for await (const entry of jsonLines(path.join(input.root, file))) {
      const location = { file, line: entry.line };
      if ("error" in entry) {
        yield { type: "rejected", location, reason: entry.error };
        continue;
      }
      const parsed = VerityLineSchema.safeParse(entry.value);
      if (!parsed.success) {
        yield { type: "rejected", location, reason: describeIssues(parsed.error) };
        continue;
      }
      yield* toRecords(parsed.data, location);
    }
  },
};
