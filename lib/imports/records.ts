// The contract between the format parsers (lib/imports/formats/*) and the writer
// (lib/imports/write/*). A parser reads one source layout and yields these normalised
// records, or a rejection that says where and why; it never touches the database, the media
// store or image bytes. Coordinates stay as the source wrote them, with the coordinate
// contract that reads them (lib/domain/coordinates.ts): the writer converts them to image
// pixels once it knows the image's size, so a wrong contract can be corrected in the preview
// and nothing else converts.
import { createHash } from "node:crypto";
import type { CoordinateContract, ImageSize } from "@/lib/domain/coordinates";
import type { Point } from "@/lib/domain/geometry";
import type { Action } from "@/lib/domain/actions";
import type { LabelAnnotator, StepLabel } from "@/lib/domain/labels";

/** Where a record came from: a file path relative to the import root, and a 1-based line
 * (JSONL line, or the index+1 of the element in a JSON array) when there is one. */
export type SourceLocation = { file: string; line: number | null };

/** A reference to an image inside the import root (directory or zip). Relative path as the
 * source wrote it; the resolver also tries the basename, because sources store paths from
 * another machine (AndroidLab's `./logs/evaluation/...`, UI-Venus' `examples/trace/...`). */
export type ImageRef = string;

export type RawBox = { kind: "box"; raw: number[]; contract: CoordinateContract };
export type PolygonTarget = { kind: "polygon"; points: Point[]; contract: CoordinateContract };
export type AbsentTarget = { kind: "absent" };
export type SampleTarget = RawBox | PolygonTarget | AbsentTarget;

export type SampleRecord = {
  type: "sample";
  location: SourceLocation;
  sourceDataset: string;
  /** Stable id within the source dataset: the source's own id, or a content hash of the record. */
  sourceId: string;
  /** The dataset earlier versions filed this record under, when that changed: a stored sample
   * found there (and none under sourceDataset) is moved, keeping its id and everything on it
   * (lib/imports/write/former-source.ts). */
  formerSourceDataset?: string;
  imageRef: ImageRef | null;
  /** The size the source says the image has (img_size / image_size), when it says one. */
  imageSize: ImageSize | null;
  instruction: string;
  language: string | null;
  platform: string | null;
  app: string | null;
  uiType: string | null;
  target: SampleTarget;
  extra: Record<string, unknown> | null;
};

export type PredictionValue =
  | { kind: "point"; raw: number[]; contract: CoordinateContract }
  | { kind: "refusal" }
  | { kind: "wrong_format" };

export type PredictionRecord = {
  type: "prediction";
  location: SourceLocation;
  model: string;
  prediction: PredictionValue;
  rawOutput: string | null;
  /** The correctness label the file itself gives ("correct" | "wrong" | "wrong_format"), kept to
   * report disagreements with the recomputed point-in-box. */
  fileLabel: string | null;
  /** The sample this prediction is about: a full sample (results files: matched by image and
   * instruction, created if absent), or a reference to a sample by its source id (Verity JSONL). */
  sample: SampleRecord | SampleReference;
  /** The evaluation run (a RunRecord of the same input) this answer belongs to. */
  runName?: string | null;
  /** The source record's fields that have no column. */
  extra?: Record<string, unknown> | null;
};

export type SampleReference = { type: "sample_ref"; sourceDataset: string; sourceId: string };

export type VerdictRecord = {
  kind: "rule" | "mllm";
  judgeName: string;
  promptVersion: string | null;
  metric: "trace_success" | "step_score" | "quality_score";
  valueBool: boolean | null;
  valueScore: number | null;
  rationale: string | null;
  rawOutput: string | null;
};

/** A screenshot the source holds inside a record rather than as a file (AndroidWorld's numpy
 * arrays, encoded as PNG by the parser); the writer stores it exactly like a file's bytes. It
 * enters a record's content hash as its sha256 only: the bytes are a private field, which
 * Object.keys (and so the hash and any JSON of the record) never sees. */
export class InlineImage {
  readonly sha256: string;
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
    this.sha256 = createHash("sha256").update(bytes).digest("hex");
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

export type StepRecord = {
  index: number;
  imageRef: ImageRef | null;
  /** The screenshot's bytes when the source holds them inside the record; `imageRef` then
   * names where in the source they came from. */
  inlineImage?: InlineImage | null;
  /** The same for the labelled overlay (`overlayImageRef`). */
  inlineOverlay?: InlineImage | null;
  /** Canonical action in the coordinates given by `actionContract` (pixels of this step's
   * screenshot when null). Null when the source action could not be mapped (the raw output is
   * kept and the step is marked). */
  action: Action | null;
  actionContract: CoordinateContract | null;
  isRepeated: boolean;
  rawOutput: string | null;
  thought: string | null;
  /** Path of the step's UI tree (XML / a11y dump) inside the import root. */
  uiTreeRef: string | null;
  /** The step's UI tree given inside the record rather than as a file (AndroidControl's
   * accessibility forest as JSON or text format); stored exactly like a file's bytes. */
  uiTreeText?: string | null;
  /** Path of the tree as the agent was shown it, when the source saved it besides the dump
   * (AndroidLab's compressed text). */
  agentTreeRef?: string | null;
  /** Why the action is null or suspicious, for the report (e.g. "parsed_action is null"). */
  note: string | null;
  verdicts: VerdictRecord[];
  /** The same screenshot with the source's labels drawn on it, when `imageRef` is the clean
   * one (WebVoyager's screenshotN.png beside screenshotN_no_box.png). */
  overlayImageRef?: ImageRef | null;
  /** What the agent was given besides the screenshot (WebVoyager's numbered element list). */
  observation?: string | null;
  /** The source step's fields that have no column. */
  extra?: Record<string, unknown> | null;
};

export type TrajectoryRecord = {
  type: "trajectory";
  location: SourceLocation;
  sourceDataset: string;
  sourceId: string;
  goal: string;
  benchmark: string | null;
  app: string | null;
  model: string | null;
  /** Name of the evaluation run this episode belongs to (a RunRecord with the same name). */
  runName: string | null;
  groupKey: string | null;
  /** The source's automatic outcome: rule verifier, else judge; null when unknown. */
  autoOutcome: boolean | null;
  agentClaimedFinish: boolean;
  invalidActionCount: number;
  sourceReward: number | null;
  sourceAdvantage: number | null;
  /** How the source says the episode ended, in its own words (UI-Venus framework's
   * termination_reason); absent or null when it records none. */
  terminationReason?: string | null;
  steps: StepRecord[];
  verdicts: VerdictRecord[];
  extra: Record<string, unknown> | null;
};

/**
 * The fields of a trajectory that no model ran and no checker judged (a human demonstration,
 * a trace without its run): what such a record says about them, in one place.
 */
export const UNJUDGED_EPISODE = {
  model: null,
  runName: null,
  groupKey: null,
  autoOutcome: null,
  agentClaimedFinish: false,
  invalidActionCount: 0,
  sourceReward: null,
  sourceAdvantage: null,
} as const satisfies Partial<TrajectoryRecord>;

/** A verdict on something imported before or in the same input (Verity JSONL). */
export type VerdictLine = {
  type: "verdict";
  location: SourceLocation;
  target:
    | { kind: "sample"; sourceDataset: string; sourceId: string }
    | { kind: "trajectory"; sourceDataset: string; sourceId: string }
    | { kind: "step"; sourceDataset: string; sourceId: string; stepIndex: number };
  verdict: VerdictRecord;
};

/** What an imported label is about: an item by its source key, or (AgentRewardBench) the
 * AgentLab experiment of one agent on one task, whatever its folder's date and seed. */
export type LabelTarget =
  | { kind: "sample"; sourceDataset: string; sourceId: string }
  | { kind: "trajectory"; sourceDataset: string; sourceId: string }
  | { kind: "agentlab_task"; agentName: string; taskName: string };

export type SampleLabel = {
  kind: "sample";
  /** "Target absent": a refusal sample. */
  targetAbsent: boolean;
  /** In `contract`'s coordinates, converted by the writer; null with targetAbsent, or in a draft not drawn yet. */
  box: { raw: number[]; contract: CoordinateContract } | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
  note: string | null;
};

export type TrajectoryLabel = {
  kind: "trajectory";
  traceVerdict: "success" | "failure" | "unsure" | null;
  firstWrongStep: number | null;
  /** Step labels in the canonical shape (lib/domain/labels.ts); corrected actions in the step
   * screenshot's pixels. */
  steps: StepLabel[];
  note: string | null;
};

/** A human label made elsewhere: imported as that person's annotation. `verified` also pins
 * it as the item's final answer (lib/imports/write/annotations.ts). */
export type AnnotationRecord = {
  type: "annotation";
  location: SourceLocation;
  annotator: LabelAnnotator;
  target: LabelTarget;
  status: "draft" | "submitted" | "verified";
  label: SampleLabel | TrajectoryLabel;
  submittedAt: Date | null;
  /** The source's fields that have no column (kept on the annotation). */
  extra: Record<string, unknown> | null;
};

export type RunRecord = {
  type: "run";
  location: SourceLocation;
  name: string;
  benchmark: string;
  model: string | null;
  meta: Record<string, unknown> | null;
};

/** An image given on its own (an images-only import), to complete records whose image was
 * missing when they were imported. `path` is relative to the import root. */
export type ImageRecord = { type: "image"; location: SourceLocation; path: string };

/** A record the parser could not turn into anything: imported never, reported always. */
export type Rejection = { type: "rejected"; location: SourceLocation; reason: string };

/** What the report says about a file that holds no record: read only to check the records
 * against, or named as not read, so that nothing in the input is passed over silently. */
export type SourceNote = { type: "note"; location: SourceLocation; reason: string };

/** A figure a source file states (a summary's average, a row's reward) that the records of
 * the same input do not reproduce: reported with the file and line it is stated on. */
export type FigureDifference = { type: "figure_difference"; location: SourceLocation; run: string; metric: string; fileValue: number | null; importedValue: number | null };

export type ImportRecord = SampleRecord | PredictionRecord | TrajectoryRecord | RunRecord | VerdictLine | AnnotationRecord | ImageRecord;
export type ParsedItem = ImportRecord | Rejection | SourceNote | FigureDifference;

/** What a parser reads: a directory on disk (an unpacked upload, or a server-side path) and,
 * for single-file formats, the file inside it. Parsers stream: they never read a whole JSONL
 * file into memory, and yield records one by one. */
export type ParserInput = {
  root: string;
  file: string | null;
  /** The model a results file's answers are from, when the file does not name it (--model). */
  model?: string | null;
};

export type FormatParser = {
  id: string;
  label: string;
  /** Cheap check on the input (file names, the first bytes or first record): can this parser read it? */
  detect(input: ParserInput): Promise<boolean>;
  parse(input: ParserInput): AsyncGenerator<ParsedItem>;
};
