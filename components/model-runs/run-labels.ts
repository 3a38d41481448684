// Names of a model run's stored values (task, job state, item status, outcome, error kind, a
// parsed reply) in the reader's language, and how long a run has left. The stored values stay
// the English identifiers of lib/models/runs; an unknown one prints as stored.
// Pure: used by server and client components alike.
import { formatCoordinate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const TASK_KEYS: Record<string, PlainKey> = {
  grounding: "modelRuns.task.grounding",
  outcome_judge: "modelRuns.task.outcome_judge",
  trajectory_judge: "modelRuns.task.trajectory_judge",
  quality: "modelRuns.task.quality",
};

const STATE_KEYS: Record<string, PlainKey> = {
  queued: "modelRuns.state.queued",
  running: "modelRuns.state.running",
  succeeded: "modelRuns.state.succeeded",
  failed: "modelRuns.state.failed",
  cancelled: "modelRuns.state.cancelled",
  missing: "modelRuns.state.missing",
};

const ITEM_STATUS_KEYS: Record<string, PlainKey> = {
  pending: "modelRuns.itemStatus.pending",
  done: "modelRuns.itemStatus.done",
  failed: "modelRuns.itemStatus.failed",
};

const OUTCOME_KEYS: Record<string, PlainKey> = {
  point: "modelRuns.outcome.point",
  box: "modelRuns.outcome.box",
  refusal: "modelRuns.outcome.refusal",
  outside_image: "modelRuns.outcome.outside_image",
  wrong_format: "modelRuns.outcome.wrong_format",
  verdict: "modelRuns.outcome.verdict",
  split: "modelRuns.outcome.split",
  score: "modelRuns.outcome.score",
};

const ERROR_KIND_KEYS: Record<string, PlainKey> = {
  no_input: "modelRuns.errorKind.no_input",
  bad_input: "modelRuns.errorKind.bad_input",
  timeout: "modelRuns.errorKind.timeout",
  rate_limited: "modelRuns.errorKind.rate_limited",
  server_error: "modelRuns.errorKind.server_error",
  unauthorized: "modelRuns.errorKind.unauthorized",
  unknown_model: "modelRuns.errorKind.unknown_model",
  bad_request: "modelRuns.errorKind.bad_request",
  unreachable: "modelRuns.errorKind.unreachable",
  malformed: "modelRuns.errorKind.malformed",
  too_large: "modelRuns.errorKind.too_large",
  cancelled: "modelRuns.errorKind.cancelled",
  wrong_format: "modelRuns.errorKind.wrong_format",
};

const labelOf = (keys: Record<string, PlainKey>) => (t: Translate, value: string): string => {
  const key = keys[value];
  return key ? t(key) : value;
};

export const taskLabel = labelOf(TASK_KEYS);
export const runStateLabel = labelOf(STATE_KEYS);
export const itemStatusLabel = labelOf(ITEM_STATUS_KEYS);
export const outcomeLabel = labelOf(OUTCOME_KEYS);
export const runErrorKindLabel = labelOf(ERROR_KIND_KEYS);

/** Badge colours of a job state. */
export const STATE_STYLE: Record<string, string> = {
  queued: "bg-slate-100 text-slate-800",
  running: "bg-blue-100 text-blue-900",
  succeeded: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-amber-100 text-amber-900",
  missing: "bg-slate-100 text-slate-700",
};

export const ITEM_STATUS_STYLE: Record<string, string> = {
  pending: "bg-slate-100 text-slate-800",
  done: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

/** "12 s", "3 min 5 s", "2 h 10 min"; "—" when unknown. */
export function durationText(t: Translate, seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return t("modelRuns.progress.unknown");
  const whole = Math.ceil(seconds);
  if (whole < 60) return t("modelRuns.progress.seconds", { s: whole });
  if (whole < 3600) return t("modelRuns.progress.minutes", { m: Math.floor(whole / 60), s: whole % 60 });
  return t("modelRuns.progress.hours", { h: Math.floor(whole / 3600), m: Math.floor((whole % 3600) / 60) });
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** What a reply was read as, from the summary a run keeps (lib/models/runs/stored-replies.ts). */
export function parsedText(t: Translate, locale: Locale, parsed: Record<string, unknown> | null): string {
  if (!parsed) return t("modelRuns.progress.unknown");
  const c = (value: unknown) => (num(value) === null ? "?" : formatCoordinate(locale, num(value)!));
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  switch (parsed.kind) {
    case "point":
      return t("modelRuns.parsed.point", { x: c(parsed.x), y: c(parsed.y) });
    case "box": {
      const box = Array.isArray(parsed.box) ? parsed.box : [];
      return t("modelRuns.parsed.box", { x1: c(box[0]), y1: c(box[1]), x2: c(box[2]), y2: c(box[3]) });
    }
    case "refusal":
      return t("modelRuns.parsed.refusal");
    case "verdict":
      return t(parsed.success === true ? "modelRuns.parsed.verdictSuccess" : "modelRuns.parsed.verdictFailure");
    case "score":
      return t("modelRuns.parsed.score", { score: c(parsed.score) });
    case "outside_image":
      return t("modelRuns.parsed.outsideImage", { x: c(parsed.x), y: c(parsed.y), problem: text(parsed.problem) });
    case "key_points":
      return t("modelRuns.parsed.keyPoints", { count: Array.isArray(parsed.points) ? parsed.points.length : 0 });
    case "relevance":
      return t(parsed.kept === true ? "modelRuns.parsed.relevanceKept" : "modelRuns.parsed.relevanceNotKept", { score: c(parsed.score) });
    case "wrong_format":
      // A WebJudge screenshot's summary says whether it was kept (lib/models/runs/stored-replies.ts).
      if ("kept" in parsed) return t("modelRuns.parsed.scoreUnreadable", { problem: text(parsed.problem) });
      return t("modelRuns.parsed.wrongFormat", { problem: text(parsed.problem) });
    default:
      return t("modelRuns.parsed.other", { kind: text(parsed.kind) || "?" });
  }
}
