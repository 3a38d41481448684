import "server-only";
// The accuracy of a grounding evaluation run (the predictions of one results file), read
// from each prediction's stored correctness: overall and per platform, app, group and UI
// type, and, for the cross-check against the results file's own `metrics` block, the slices
// the ScreenSpot-Pro evaluator reports (by group, by app, by platform x instruction style x
// positive/negative, by all four with the app). Nothing is recomputed: the correctness each
// prediction stored when it was written is what is counted.
import type { Db } from "@/lib/db";

export type AccuracyCell = { total: number; correct: number; wrongFormat: number; textTotal: number; textCorrect: number; iconTotal: number; iconCorrect: number };
export type AccuracyRow = { value: string; total: number; correct: number; wrongFormat: number; accuracy: number };

type Facts = { platform: string | null; app: string | null; uiType: string | null; group: string | null; instructionStyle: string | null; gtType: string | null; correctness: string | null };

const PAGE = 5_000;

function emptyCell(): AccuracyCell {
  return { total: 0, correct: 0, wrongFormat: 0, textTotal: 0, textCorrect: 0, iconTotal: 0, iconCorrect: 0 };
}

function add(cell: AccuracyCell, facts: Facts) {
  const isCorrect = facts.correctness === "correct";
  cell.total += 1;
  if (isCorrect) cell.correct += 1;
  if (facts.correctness === "wrong_format") cell.wrongFormat += 1;
  if (facts.uiType === "text") {
    cell.textTotal += 1;
    if (isCorrect) cell.textCorrect += 1;
  } else if (facts.uiType === "icon") {
    cell.iconTotal += 1;
    if (isCorrect) cell.iconCorrect += 1;
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** Which correctness an answer is counted by: the current one (point-in-box against the
 * sample's target now) or the one the imported file gave it (its own label; the current one
 * where the file gave none). */
export type AnswersAs = "current" | "imported";

/** Streams the run's predictions with the facts of their samples. */
async function* runFacts(db: Db, projectId: string, runId: string, as: AnswersAs = "current"): AsyncGenerator<Facts> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.modelPrediction.findMany({
      where: { projectId, runId },
      select: { id: true, correctness: true, sourceCorrectness: true, sample: { select: { platform: true, app: true, uiType: true, extra: true } } },
      orderBy: { id: "asc" },
      take: PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const row of rows) {
      const extra = (row.sample.extra ?? {}) as Record<string, unknown>;
      yield {
        platform: row.sample.platform,
        app: row.sample.app,
        uiType: row.sample.uiType,
        group: text(extra.group),
        instructionStyle: text(extra.instruction_style),
        gtType: text(extra.gt_type),
        correctness: as === "imported" ? (row.sourceCorrectness ?? row.correctness) : row.correctness,
      };
    }
    if (rows.length < PAGE) return;
    cursor = rows.at(-1)!.id;
  }
}

export type Slices = Record<string, Map<string, AccuracyCell>>;

/** Cells keyed as the ScreenSpot-Pro evaluator names them (Python's str(None) is "None"). */
export async function evaluatorSlices(db: Db, projectId: string, runId: string, as: AnswersAs = "current"): Promise<{ overall: AccuracyCell; slices: Slices }> {
  const py = (v: string | null) => v ?? "None";
  const keyers: Record<string, (f: Facts) => string> = {
    fine_grained: (f) => `plat:${py(f.platform)} app:${py(f.app)} inst_style:${py(f.instructionStyle)} gt_type:${py(f.gtType)}`,
    seeclick_style: (f) => `plat:${py(f.platform)} inst_style:${py(f.instructionStyle)} gt_type:${py(f.gtType)}`,
    leaderboard_simple_style: (f) => `group:${py(f.group)}`,
    leaderboard_detailed_style: (f) => `app:${py(f.app)}`,
  };
  const overall = emptyCell();
  const slices: Slices = Object.fromEntries(Object.keys(keyers).map((k) => [k, new Map<string, AccuracyCell>()]));
  for await (const facts of runFacts(db, projectId, runId, as)) {
    add(overall, facts);
    for (const [name, keyOf] of Object.entries(keyers)) {
      const map = slices[name]!;
      const key = keyOf(facts);
      const cell = map.get(key) ?? emptyCell();
      add(cell, facts);
      map.set(key, cell);
    }
  }
  return { overall, slices };
}

export type GroundingRunAccuracy = {
  total: number;
  correct: number;
  wrongFormat: number;
  accuracy: number;
  by: { platform: AccuracyRow[]; app: AccuracyRow[]; group: AccuracyRow[]; uiType: AccuracyRow[] };
};

/** For the run page; null when the run holds no predictions (a trajectory run). */
export async function loadGroundingRunAccuracy(db: Db, projectId: string, runId: string): Promise<GroundingRunAccuracy | null> {
  const dims = { platform: new Map<string, AccuracyCell>(), app: new Map<string, AccuracyCell>(), group: new Map<string, AccuracyCell>(), uiType: new Map<string, AccuracyCell>() };
  const overall = emptyCell();
  for await (const facts of runFacts(db, projectId, runId)) {
    add(overall, facts);
    for (const dim of Object.keys(dims) as (keyof typeof dims)[]) {
      const value = facts[dim] ?? "(none)";
      const cell = dims[dim].get(value) ?? emptyCell();
      add(cell, facts);
      dims[dim].set(value, cell);
    }
  }
  if (overall.total === 0) return null;
  const rows = (map: Map<string, AccuracyCell>): AccuracyRow[] =>
    [...map.entries()]
      .map(([value, c]) => ({ value, total: c.total, correct: c.correct, wrongFormat: c.wrongFormat, accuracy: c.correct / c.total }))
      .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    total: overall.total,
    correct: overall.correct,
    wrongFormat: overall.wrongFormat,
    accuracy: overall.correct / overall.total,
    by: { platform: rows(dims.platform), app: rows(dims.app), group: rows(dims.group), uiType: rows(dims.uiType) },
  };
}
