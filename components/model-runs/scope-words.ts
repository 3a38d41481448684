// What a model run runs over, in words: "samples where Source is verity-demo and Image is
// present". The filter's names are the list pages' own labels, its closed values their labels
// too, so the words match what the person clicked on the list.
// Pure.
import { flagLabel, itemStateLabel } from "@/lib/i18n/labels";
import { MISMATCH_FLAGS, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { PlainKey, Translate } from "@/lib/i18n/translate";
import type { RunItems } from "@/lib/models/runs/scope-filter";

type Names = { runNames?: Record<string, string>; queueName?: string | null };

const SAMPLE_NAMES: Record<string, PlainKey> = {
  source: "filter.source",
  platform: "filter.platform",
  app: "filter.app",
  uiType: "filter.uiType",
  refusal: "samples.filter.target",
  correctness: "samples.filter.predictionIs",
  tier: "samples.filter.tier",
  status: "filter.review",
  imageMissing: "samples.filter.image",
  verdictChanged: "filter.verdictChanged",
  model: "samples.filter.predictedBy",
  modelRight: "samples.filter.modelRight",
  modelWrong: "samples.filter.modelWrong",
};

const TRAJECTORY_NAMES: Record<string, PlainKey> = {
  benchmark: "newQueue.benchmark",
  app: "filter.app",
  model: "trajectories.model",
  run: "newQueue.run",
  group: "modelRuns.condition.group",
  termination: "trajectories.termination",
  outcome: "trajectories.automaticOutcome",
  verdict: "trajectories.humanVerdict",
  flag: "trajectories.flag",
  status: "filter.review",
  verdictChanged: "filter.verdictChanged",
};

// Closed values shown by their list labels.
const VALUE_KEYS: Record<string, Record<string, PlainKey>> = {
  refusal: { no: "samples.filter.present", yes: "samples.filter.absent" },
  imageMissing: { no: "samples.filter.present", yes: "samples.filter.missing" },
  correctness: { correct: "samples.filter.correct", wrong: "samples.filter.wrong", wrong_format: "predictions.wrongFormat" },
  outcome: { success: "verdict.success", failure: "verdict.failure", unknown: "verdict.unknown" },
  verdict: { success: "verdict.success", failure: "verdict.failure", unsure: "verdict.unsure", none: "verdict.none" },
  verdictChanged: { yes: "filter.verdictChangedYes" },
};

function valueWords(t: Translate, key: string, value: string, names: Names): string {
  const label = VALUE_KEYS[key]?.[value];
  if (label) return t(label);
  if (key === "status") return value === "settled" ? t("state.settled") : value === "unsettled" ? t("state.unsettled") : itemStateLabel(t, value);
  if (key === "flag") return (MISMATCH_FLAGS as readonly string[]).includes(value) ? flagLabel(t, value as MismatchFlag) : value;
  if (key === "run") return names.runNames?.[value] ?? value;
  return value;
}

/** Each condition of a list filter in words, in the order of the list's filter bar. */
export function filterConditions(t: Translate, items: RunItems, filter: Record<string, string>, names: Names = {}): string[] {
  const conditions: string[] = [];
  if (filter.q) conditions.push(t("modelRuns.condition.search", { words: filter.q }));
  const table = items === "samples" ? SAMPLE_NAMES : TRAJECTORY_NAMES;
  for (const [key, name] of Object.entries(table)) {
    const value = filter[key];
    if (value) conditions.push(t("modelRuns.condition", { name: t(name), value: valueWords(t, key, value, names) }));
  }
  if (items === "samples" && filter.scoreMin) conditions.push(t("modelRuns.condition.scoreAtLeast", { score: filter.scoreMin }));
  if (items === "samples" && filter.scoreMax) conditions.push(t("modelRuns.condition.scoreAtMost", { score: filter.scoreMax }));
  return conditions;
}

/** The filter as one sentence's worth of words ("none, every item" when it has no condition). */
export function filterWords(t: Translate, items: RunItems, filter: Record<string, string>, names: Names = {}): string {
  const conditions = filterConditions(t, items, filter, names);
  return conditions.length ? conditions.join(t("modelRuns.condition.and")) : t("modelRuns.new.filterNone");
}

/** A run's stored scope ({kind: filter | ids | queue}) in words. */
export function scopeWords(t: Translate, items: RunItems, scope: unknown, names: Names = {}): string {
  const s = (typeof scope === "object" && scope !== null ? scope : {}) as { kind?: string; filter?: Record<string, string>; ids?: unknown[] };
  const samples = items === "samples";
  if (s.kind === "ids") return t(samples ? "modelRuns.scope.chosenSamples" : "modelRuns.scope.chosenTrajectories", { count: Array.isArray(s.ids) ? s.ids.length : 0 });
  if (s.kind === "queue") {
    if (!names.queueName) return t("modelRuns.scope.queueGone");
    return t(samples ? "modelRuns.scope.queueSamples" : "modelRuns.scope.queueTrajectories", { queue: names.queueName });
  }
  const conditions = filterConditions(t, items, s.filter ?? {}, names);
  if (conditions.length === 0) return t(samples ? "modelRuns.scope.allSamples" : "modelRuns.scope.allTrajectories");
  return t(samples ? "modelRuns.scope.samplesWhere" : "modelRuns.scope.trajectoriesWhere", { conditions: conditions.join(t("modelRuns.condition.and")) });
}
