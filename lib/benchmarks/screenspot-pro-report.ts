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
import { evaluatorSlices, type AccuracyCell } from "@/lib/runs/grounding-accuracy";
import { FIELDS, SLICED } from "@/lib/imports/write/run-metrics";

export type MetricsCell = Record<string, number>;
export type MetricsBlock = Record<string, MetricsCell | Record<string, MetricsCell>>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const EMPTY: AccuracyCell = { total: 0, correct: 0, wrongFormat: 0, textTotal: 0, textCorrect: 0, iconTotal: 0, iconCorrect: 0 };

function cellOf(counted: AccuracyCell | undefined, stated: unknown): MetricsCell {
  const c = counted ?? EMPTY;
  const values = new Map(FIELDS.map(([field, value]) => [field, value(c)]));
  const order = isObject(stated) ? [...Object.keys(stated).filter((k) => values.has(k)), ...FIELDS.map(([f]) => f).filter((f) => !(f in stated))] : FIELDS.map(([f]) => f);
  return Object.fromEntries(order.map((field) => [field, values.get(field)!]));
}

/** The block as the file would say it now. `stated`: the imported file's own block, if any. */
export async function recomputedMetrics(db: Db, projectId: string, runId: string, stated: unknown): Promise<MetricsBlock> {
  const { overall, slices } = await evaluatorSlices(db, projectId, runId);
  const file = isObject(stated) ? stated : {};
  const sections = [...Object.keys(file).filter((k) => k === "overall" || SLICED.includes(k)), ...[...SLICED, "overall"].filter((k) => !(k in file))];
  const block: MetricsBlock = {};
  for (const section of sections) {
    if (section === "overall") {
      block.overall = cellOf(overall, file.overall);
      continue;
    }
    const counted = slices[section]!;
    const statedSlice = isObject(file[section]) ? (file[section] as Record<string, unknown>) : {};
    const keys = [...Object.keys(statedSlice), ...[...counted.keys()].filter((k) => !(k in statedSlice))];
    block[section] = Object.fromEntries(keys.map((k) => [k, cellOf(counted.get(k), statedSlice[k])]));
  }
  return block;
}

export async function loadScreenSpotProReport(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run || !isObject(run.meta) || run.meta.kind !== "grounding-results") return null;
  const stated = isObject(run.meta.metrics) ? run.meta.metrics : null;
  const corrected = await recomputedMetrics(db, projectId, runId, stated);
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
  return { run: { id: run.id, name: run.name, model: run.model }, stated, corrected, verifiedSamples, changed };
}

export type ScreenSpotProReport = NonNullable<Awaited<ReturnType<typeof loadScreenSpotProReport>>>;
