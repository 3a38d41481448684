import "server-only";
// The import preview: reads the input with the chosen (or detected) format without writing
// anything, counts its records, and draws the first items in pixels exactly as the writer
// would convert them, so a wrong coordinate contract shows before the import.
import sharp from "sharp";
import type { ImageSize } from "@/lib/domain/coordinates";
import { judgePrediction } from "@/lib/domain/point-in-box";
import { actionPoint, describeAction, type Action } from "@/lib/domain/actions";
import { overrideItem } from "@/lib/imports/contract-override";
import { ALL_PARSERS } from "@/lib/imports/formats/registry";
import { groundingResultsParser, modelNamedInFile } from "@/lib/imports/formats/grounding/grounding-results";
import { fileStem } from "@/lib/imports/formats/grounding/input-file";
import type { PreparedInput } from "@/lib/imports/import-input";
import { describeUnits, parseUnits, type ImportUnit } from "@/lib/imports/import-units";
import type { ImageFiles } from "@/lib/imports/write/media-cache";
import type { ContractChoice, ImportPreview, PreviewItem, PreviewMark } from "@/lib/imports/preview-types";
import type { ImportRecord, InlineImage, SampleRecord } from "@/lib/imports/records";
import { sniffImageMime } from "@/lib/media/sniff";
import { said, type Said } from "@/lib/i18n/said";
import type { PlainKey } from "@/lib/i18n/translate";
import { actionToPixels } from "@/lib/imports/write/action-pixels";
import { targetToPixels } from "@/lib/imports/write/target-pixels";
import { pointToPixels } from "@/lib/domain/coordinates";
import { withSourceReference } from "@/lib/imports/write/target-pixels";

const SHOWN = 12;
// Sub-pixel slack for coordinates on the far edge after float conversion.
const EDGE_TOLERANCE = 0.5;

function isLocatedAction(action: Action): boolean {
  return actionPoint(action) !== null || action.element !== undefined;
}

// A target beyond the screenshot usually means coordinates of another space: page
// coordinates on a viewport screenshot, or a contract that does not fit.
function outsideImage(action: Action, image: ImageSize): string | null {
  const point = actionPoint(action);
  const corners = [...(point ? [point] : []), ...(action.element ? [[action.element[0], action.element[1]], [action.element[2], action.element[3]]] : [])];
  const isOutside = corners.some(([x, y]) => x! < -EDGE_TOLERANCE || y! < -EDGE_TOLERANCE || x! > image.width + EDGE_TOLERANCE || y! > image.height + EDGE_TOLERANCE);
  return isOutside ? `the action's target lies outside the ${image.width}x${image.height} screenshot (coordinates of another space, e.g. page coordinates on a viewport screenshot?)` : null;
}
const LISTED_REJECTIONS = 50;
const COUNT_BUDGET_MS = 15_000;

type ImageInfo = { url: string; size: ImageSize } | { problem: Said };

async function imageInfo(files: ImageFiles, ref: string | null, fileUrl: (path: string) => string): Promise<ImageInfo> {
  if (!ref) return { problem: said("imports.image.none") };
  const located = await files.locate(ref);
  if ("missing" in located) return { problem: said("imports.image.source", { reason: located.missing }) };
  const bytes = await files.read(located.path);
  if (!sniffImageMime(bytes)) return { problem: said("imports.image.notImage", { path: located.path }) };
  const { width, height } = await sharp(bytes).metadata();
  if (!width || !height) return { problem: said("imports.image.noSize", { path: located.path }) };
  return { url: fileUrl(located.path), size: { width, height } };
}

// A screenshot the record carries itself (AndroidWorld's arrays) is no file of the upload: the
// preview shows it as a data URL, which the CSP's img-src allows.
async function inlineImageInfo(image: InlineImage): Promise<ImageInfo> {
  const { width, height } = await sharp(image.bytes).metadata();
  if (!width || !height) return { problem: said("imports.image.none") };
  return { url: `data:image/png;base64,${image.bytes.toString("base64")}`, size: { width, height } };
}

const VERDICT_WORDS: Record<string, PlainKey> = {
  correct: "imports.mark.correct",
  wrong: "imports.mark.wrong",
  wrong_format: "imports.mark.wrongFormat",
  refusal: "imports.mark.refusal",
};

/** "model: (x, y) correct; file says wrong": at is the point with its trailing space, or "". */
function predictionCaption(model: string, at: string, verdict: string, fileLabel: string | null | undefined): Said {
  const word = VERDICT_WORDS[verdict];
  const params = { model, at, verdict: word ? { word } : verdict };
  return fileLabel ? said("imports.mark.predictionFileSays", { ...params, fileLabel }) : said("imports.mark.prediction", params);
}

function sampleMarks(sample: SampleRecord, actual: ImageSize | null): { marks: PreviewMark[]; problem: string | null; box: [number, number, number, number] | null } {
  const target = targetToPixels(sample.target, sample.imageSize, actual);
  if (!target.ok) return { marks: [], problem: target.reason, box: null };
  if (!target.box) return { marks: [], problem: null, box: null };
  const label = said("imports.mark.box", { box: target.box.map((v) => Math.round(v)).join(", ") });
  return { marks: [{ kind: "box", box: target.box, label }], problem: null, box: target.box };
}

async function drawRecord(record: ImportRecord, files: ImageFiles, fileUrl: (path: string) => string): Promise<PreviewItem | null> {
  const where = `${record.location.file}${record.location.line ? `:${record.location.line}` : ""}`;
  if (record.type === "sample" || (record.type === "prediction" && record.sample.type === "sample")) {
    const sample = record.type === "sample" ? record : (record.sample as SampleRecord);
    const info = await imageInfo(files, sample.imageRef, fileUrl);
    const actual = "size" in info ? info.size : null;
    const drawn = sampleMarks(sample, actual);
    const marks = [...drawn.marks];
    let problem = drawn.problem;
    if (record.type === "prediction") {
      const p = record.prediction;
      if (p.kind === "point") {
        const size = actual ?? sample.imageSize;
        try {
          const [x, y] = pointToPixels(p.raw, withSourceReference(p.contract, sample.imageSize, actual), size ?? { width: 1, height: 1 });
          const verdict = judgePrediction({ kind: "point", point: [x, y] }, sample.target.kind === "absent" ? null : drawn.box);
          const said = predictionCaption(record.model, `(${Math.round(x)}, ${Math.round(y)}) `, verdict, record.fileLabel);
          marks.push({ kind: "point", x, y, label: said, hit: verdict === "correct" });
        } catch (error) {
          problem = (error as Error).message;
        }
      } else {
        marks.push({ kind: "point", x: -100, y: -100, label: predictionCaption(record.model, "", p.kind, record.fileLabel), hit: null });
      }
    }
    return {
      kind: record.type,
      title: sample.instruction,
      subtitle: [sample.platform, sample.app].filter(Boolean).join(" · "),
      targetAbsent: sample.target.kind === "absent",
      where,
      image: "url" in info ? { url: info.url, ...info.size } : null,
      imageProblem: "problem" in info ? info.problem : null,
      marks,
      problem,
    };
  }
  if (record.type === "trajectory") {
    // The step that best shows whether coordinates land right: the first with a screenshot
    // and a located action, else the first with a screenshot (OSWorld saves none before its
    // first action, so that step is never the one drawn).
    const shown = record.steps.find((s) => s.imageRef && s.action && isLocatedAction(s.action)) ?? record.steps.find((s) => s.imageRef) ?? record.steps[0];
    // A step without a screenshot says why in its note (e.g. OSWorld's unsaved first screen).
    const info: ImageInfo =
      shown && !shown.imageRef && shown.note
        ? { problem: said("imports.image.source", { reason: shown.note }) }
        : shown?.inlineImage
          ? await inlineImageInfo(shown.inlineImage)
          : await imageInfo(files, shown?.imageRef ?? null, fileUrl);
    const marks: PreviewMark[] = [];
    let problem: string | null = null;
    if (shown?.action && "size" in info) {
      try {
        const action = actionToPixels(shown.action, shown.actionContract, info.size);
        const point = actionPoint(action);
        const label = said("imports.mark.step", { index: shown.index, action: describeAction(action) });
        if (action.element) marks.push({ kind: "box", box: action.element, label: null });
        const vector = "to" in action && action.to && "from" in action && action.from ? { from: action.from, to: action.to } : null;
        if (vector) marks.push({ kind: "arrow", ...vector, label: null });
        if (point) marks.push({ kind: "point", x: point[0], y: point[1], label, hit: null });
        else marks.push({ kind: "point", x: -100, y: -100, label: action.elementLabel ? said("imports.mark.stepOn", { index: shown.index, action: describeAction(action), element: action.elementLabel }) : label, hit: null });
        problem = outsideImage(action, info.size);
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    return {
      kind: "trajectory",
      title: record.goal,
      subtitle: [record.benchmark, record.app, record.model].filter(Boolean).join(" · "),
      trajectory: { steps: record.steps.length, outcome: record.autoOutcome },
      where,
      image: "url" in info ? { url: info.url, ...info.size } : null,
      imageProblem: "problem" in info ? info.problem : null,
      marks,
      problem,
    };
  }
  return null;
}

function firstContract(record: ImportRecord): ContractChoice | null {
  if (record.type === "sample" && record.target.kind !== "absent") return { format: record.target.contract.format, unit: record.target.contract.unit };
  if (record.type === "prediction" && record.sample.type === "sample") return firstContract(record.sample);
  return null;
}

const isResultsUnit = (unit: ImportUnit) => unit.parser.id === groundingResultsParser.id;

// A results file that names no model is refused unless the import names one. The preview asks
// for it with the file's name as the answer (ScreenSpot-Pro's own output names none, so every
// first import would otherwise stop here), and reads the file with that name, so its counts
// and figures are what Import will write once the name stands in the field. With several
// such files no one name fits them all: nothing is proposed and they stay refused.
async function askedModel(units: ImportUnit[], model: string | null): Promise<ImportPreview["model"]> {
  const isNeeded = units.some(isResultsUnit);
  const unnamedFiles: string[] = [];
  if (!model) for (const unit of units.filter(isResultsUnit)) if (!(await modelNamedInFile(unit.input))) unnamedFiles.push(unit.input.file ?? "");
  return { isNeeded, value: model, unnamedFiles, suggested: unnamedFiles.length === 1 ? fileStem(unnamedFiles[0]!) : null };
}

export async function buildPreview(prepared: PreparedInput, contract: ContractChoice | null, fileUrl: (path: string) => string, model: string | null = null): Promise<ImportPreview> {
  const asked = await askedModel(prepared.units, model);
  const suggested = asked.suggested;
  const units = suggested ? prepared.units.map((u) => (isResultsUnit(u) ? { ...u, input: { ...u.input, model: suggested } } : u)) : prepared.units;
  const counts = { samples: 0, predictions: 0, trajectories: 0, steps: 0, runs: 0, verdicts: 0, labels: 0, images: 0 };
  const rejected: ImportPreview["rejected"] = prepared.refusedFiles.slice(0, LISTED_REJECTIONS).map((r) => ({ file: r.path, line: null, reason: r.reason }));
  let rejectedCount = prepared.refusedFiles.length;
  const items: PreviewItem[] = [];
  let detectedContract: ContractChoice | null = null;
  let countComplete = true;
  const started = Date.now();

  for await (const { unit, item: raw } of parseUnits(units)) {
    if (raw.type === "rejected") {
      rejectedCount += 1;
      if (rejected.length < LISTED_REJECTIONS) rejected.push({ file: raw.location.file, line: raw.location.line, reason: raw.reason });
    } else if (raw.type !== "note" && raw.type !== "figure_difference") {
      // Notes and figure differences are the report's (the import's), not the preview's.
      detectedContract ??= firstContract(raw);
      const item = contract ? overrideItem(raw, contract) : raw;
      if (item.type === "rejected" || item.type === "note" || item.type === "figure_difference") continue;
      if (item.type === "sample") counts.samples += 1;
      else if (item.type === "prediction") counts.predictions += 1;
      else if (item.type === "trajectory") {
        counts.trajectories += 1;
        counts.steps += item.steps.length;
      } else if (item.type === "run") counts.runs += 1;
      else if (item.type === "image") counts.images += 1;
      else if (item.type === "annotation") counts.labels += 1;
      else counts.verdicts += 1;
      if (items.length < SHOWN) {
        const drawn = await drawRecord(item, prepared.filesFor(unit), fileUrl);
        if (drawn) items.push(drawn);
      }
    }
    if (Date.now() - started > COUNT_BUDGET_MS) {
      countComplete = false;
      break;
    }
  }
  const found = describeUnits(prepared.units);
  const only = found.length === 1 ? found[0]! : null;
  return {
    format: only ? { id: only.id, label: only.label } : { id: "", label: `Every format found (${found.length})` },
    formats: ALL_PARSERS.map((p) => ({ id: p.id, label: p.label })),
    found,
    detected: prepared.detected,
    model: asked,
    counts,
    countComplete,
    rejectedCount,
    rejected,
    items,
    contract: contract ?? detectedContract,
  };
}
