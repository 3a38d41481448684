import "server-only";
// A ScreenSpot-Pro results file's `metrics` block, recomputed from each prediction's stored
// correctness (point-in-box against the sample's current target, so a box a reviewer corrected
// moves it), in the file's own nested shape: `overall` and the evaluator's slices
// (fine_grained, seeclick_style, leaderboard_simple_style by group, leaderboard_detailed_style
// by app), each a cell of num_total, num_correct_action, wrong_format_num, action_acc,
// text_acc, icon_acc. The counting is the import check's (lib/runs/grounding-accuracy.ts
// evaluatorSlices, lib/imports/write/run-metrics.ts FIELDS); keys and their order follow the
// imported block where it has them, then what only the predictions have.
import type { Db } from "@/lib/db";
import { evaluatorSlices, type AccuracyCell, type AnswersAs } from "@/lib/runs/grounding-accuracy";
import { FIELDS, SLICED } from "@/lib/imports/write/run-metrics";

export type MetricsCell = Record<string, number>;
export type MetricsBlock = Record<string, MetricsCell | Record<string, MetricsCell>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const EMPTY: AccuracyCell = { total: 0, correct: 0, wrongFormat: 0, textTotal: 0, textCorrect: 0, iconTotal: 0, iconCorrect: 0 };

// The evaluator's own order (eval_screenspot_pro.py: calc_metric_for_result_list's dict, and
// the metrics sections as main() fills them). The imported block cannot give it: PostgreSQL's
// jsonb keeps object keys in an order of its own.
const CELL_ORDER = ["num_correct_action", "num_total", "wrong_format_num", "action_acc", "text_acc", "icon_acc"];
const SECTION_ORDER = [...SLICED, "overall"];

function cellOf(counted: AccuracyCell | undefined): MetricsCell {
  const c = counted ?? EMPTY;
  const values = new Map(FIELDS.map(([field, value]) => [field, value(c)]));
  return Object.fromEntries(CELL_ORDER.map((field) => [field, values.get(field)!]));
}

/** The block as the file would say it now: every section, each slice in the order its first
 * answer was imported, and the slices the imported block lists that no answer has any more. */
export async function recomputedMetrics(db: Db, projectId: string, runId: string, stated: unknown, as: AnswersAs = "current"): Promise<MetricsBlock> {
  const { overall, slices } = await evaluatorSlices(db, projectId, runId, as);
  const file = isObject(stated) ? stated : {};
  const block: MetricsBlock = {};
  for (const section of SECTION_ORDER) {
    if (section === "overall") {
      block.overall = cellOf(overall);
      continue;
    }
    const counted = slices[section]!;
    const statedSlice = isObject(file[section]) ? (file[section] as Record<string, unknown>) : {};
    const keys = [...counted.keys(), ...Object.keys(statedSlice).filter((k) => !counted.has(k))];
    block[section] = Object.fromEntries(keys.map((k) => [k, cellOf(counted.get(k))]));
  }
  return block;
}

export async function loadScreenSpotProReport(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run || !isObject(run.meta) || run.meta.kind !== "grounding-results") return null;
  const stated = isObject(run.meta.metrics) ? run.meta.metrics : null;
  const corrected = await recomputedMetrics(db, projectId, runId, stated);
  // The file's own figures; a file without its metrics block (one cut from a larger run) gets
  // them recomputed from its answers as it labelled them, as the evaluator would have.
  const reproduced = stated ? (stated as MetricsBlock) : await recomputedMetrics(db, projectId, runId, null, "imported");
  const reproducedFrom: "file" | "imported answers" = stated ? "file" : "imported answers";
  const verifiedSamples = await db.groundingSample.count({ where: { projectId, finalAnswerId: { not: null }, predictions: { some: { runId } } } });
  // The answers whose correctness is no longer the file's: the recomputed block moved by them.
  const predictions = await db.modelPrediction.findMany({
    where: { projectId, runId },
    select: { id: true, correctness: true, sourceCorrectness: true, sample: { select: { id: true, sourceId: true, instruction: true } } },
    orderBy: { id: "asc" },
  });
  const changed = predictions
    .filter((p) => p.sourceCorrectness !== null && p.correctness !== p.sourceCorrectness)
    .map((p) => ({ sampleId: p.sample.id, sourceId: p.sample.sourceId, instruction: p.sample.instruction, file: p.sourceCorrectness, now: p.correctness }));
  return { run: { id: run.id, name: run.name, model: run.model }, stated, reproduced, reproducedFrom, corrected, verifiedSamples, changed };
}

export type ScreenSpotProReport = NonNullable<Awaited<ReturnType<typeof loadScreenSpotProReport>>>;
