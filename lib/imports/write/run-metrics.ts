import "server-only";
// A results file's own `metrics` block (ScreenSpot-Pro's evaluator: `overall`, and per
// `leaderboard_simple_style` group, `leaderboard_detailed_style` app, `seeclick_style`
// platform x instruction style x gt_type, `fine_grained` with the app too; each a cell of
// num_total, num_correct_action, wrong_format_num, action_acc, text_acc, icon_acc) is
// checked, once all of the file's predictions are written, against the same figures counted
// from what was imported (the recomputed correctness). Every figure that differs is reported
// and kept on the run (meta.metricsCheck), so the run page can say the file's own numbers do
// not hold. A block of another shape is reported as not checked, never silently accepted.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { RunRecord } from "@/lib/imports/records";
import { metricDiffers, note, type FormatReport, type MetricDifference } from "@/lib/imports/write/report";
import { evaluatorSlices, type AccuracyCell } from "@/lib/runs/grounding-accuracy";
import { RESULTS_RUN_KIND } from "@/lib/imports/formats/grounding/results-run";


export function isResultsRun(record: RunRecord): boolean {
  return record.meta?.kind === RESULTS_RUN_KIND;
}

export const FIELDS: [string, (c: AccuracyCell) => number][] = [
  ["num_total", (c) => c.total],
  ["num_correct_action", (c) => c.correct],
  ["wrong_format_num", (c) => c.wrongFormat],
  ["action_acc", (c) => (c.total ? c.correct / c.total : 0)],
  ["text_acc", (c) => (c.textTotal ? c.textCorrect / c.textTotal : 0)],
  ["icon_acc", (c) => (c.iconTotal ? c.iconCorrect / c.iconTotal : 0)],
];
export const SLICED = ["fine_grained", "seeclick_style", "leaderboard_simple_style", "leaderboard_detailed_style"];
const EMPTY: AccuracyCell = { total: 0, correct: 0, wrongFormat: 0, textTotal: 0, textCorrect: 0, iconTotal: 0, iconCorrect: 0 };
const MAX_KEPT = 200;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function compareCell(name: string, stated: unknown, counted: AccuracyCell | undefined, out: Omit<MetricDifference, "file" | "run">[]) {
  const cell = counted ?? EMPTY;
  const figures = isObject(stated) ? stated : {};
  for (const [field, value] of FIELDS) {
    const fileValue = typeof figures[field] === "number" ? (figures[field] as number) : null;
    // A figure the file leaves out is not a difference; a cell that is not an object is one.
    if (fileValue === null) {
      if (!isObject(stated)) out.push({ metric: `${name}.${field}`, fileValue: null, importedValue: value(cell) });
      continue;
    }
    if (!same(fileValue, value(cell))) out.push({ metric: `${name}.${field}`, fileValue, importedValue: value(cell) });
  }
}

export async function checkRunMetrics(db: Db, projectId: string, runId: string, run: RunRecord, report: FormatReport): Promise<void> {
  const file = typeof run.meta?.file === "string" ? run.meta.file : run.location.file;
  const metrics = run.meta?.metrics;
  if (!isObject(metrics)) {
    note(report, { file, line: null }, "the results file has no metrics block, so there is nothing to check the imported predictions against");
    return;
  }
  const { overall, slices } = await evaluatorSlices(db, projectId, runId);
  const differences: Omit<MetricDifference, "file" | "run">[] = [];
  const unchecked: string[] = [];
  for (const [section, value] of Object.entries(metrics)) {
    if (section === "overall") compareCell("overall", value, overall, differences);
    else if (SLICED.includes(section) && isObject(value)) {
      const counted = slices[section]!;
      for (const [key, stated] of Object.entries(value)) compareCell(`${section}["${key}"]`, stated, counted.get(key), differences);
      // A slice the predictions have and the file does not list.
      for (const [key, cell] of counted) if (!(key in value)) differences.push({ metric: `${section}["${key}"].num_total`, fileValue: null, importedValue: cell.total });
    } else unchecked.push(section);
  }
  if (unchecked.length) note(report, { file, line: null }, `metrics ${unchecked.join(", ")}: not a block Verity knows how to check`);
  for (const d of differences) metricDiffers(report, { file, run: run.name, ...d });
  const stored = await db.evaluationRun.findUniqueOrThrow({ where: { id: runId }, select: { meta: true } });
  const meta = { ...(isObject(stored.meta) ? stored.meta : {}), metricsCheck: { differenceCount: differences.length, differences: differences.slice(0, MAX_KEPT), unchecked } };
  await db.evaluationRun.update({ where: { id: runId }, data: { meta: meta as Prisma.InputJsonValue } });
}
