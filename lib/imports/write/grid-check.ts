import "server-only";
// The grid a UI-Venus-2 run file used ([0,1000] or [0,999], lib/domain/grid-convention.ts),
// read once its steps are written: each step keeps the model's grid points (`extra.grid`)
// beside the device pixels the runner made of them (`extra.actionPos`), and the stored
// screenshot gives the size they were measured on. The answer, with how many points fit
// each convention, is kept on the run (meta.gridCheck) and said in the report, whatever it
// is: a run whose screenshots are missing says it could not tell, and nothing is assumed.
// A re-import that finds the same answer writes nothing.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { gridConventionOf, gridFit, type GridPoint } from "@/lib/domain/grid-convention";
import type { RunRecord } from "@/lib/imports/records";
import { UI_VENUS2_RUN_KIND } from "@/lib/imports/formats/trajectories/ui-venus2-run-kind";
import { sameJson } from "@/lib/domain/content-hash";
import { note, type FormatReport } from "@/lib/imports/write/report";
import { asJson } from "@/lib/db/sql-reader";

const MAX_LISTED = 50;

type Pair = [number, number];
const isPair = (v: unknown): v is Pair => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === "number" && Number.isFinite(n));
const pairsOf = (v: unknown): Pair[] | null => (Array.isArray(v) && v.every(isPair) ? (v as Pair[]) : null);

export function isGridCheckedRun(record: RunRecord): boolean {
  return record.meta?.kind === UI_VENUS2_RUN_KIND;
}

const RANGE: Record<string, string> = { "0-1000": "[0,1000] (pixel = v / 1000 x size)", "0-999": "[0,999] (pixel = v / 999 x size)" };

export async function checkRunGrid(db: Db, projectId: string, runId: string, run: RunRecord, report: FormatReport): Promise<void> {
  const steps = await db.step.findMany({
    where: { trajectory: { projectId, runId } },
    select: { index: true, extra: true, media: { select: { width: true, height: true } } },
    orderBy: [{ trajectoryId: "asc" }, { index: "asc" }],
  });
  const points: (GridPoint & { step: number })[] = [];
  let withoutScreenshot = 0;
  for (const step of steps) {
    const extra = asJson(step.extra) as Record<string, unknown> | null;
    const grid = pairsOf(extra?.grid);
    const pixels = pairsOf(extra?.actionPos);
    if (!grid || !pixels || grid.length !== pixels.length) continue;
    if (!step.media) {
      withoutScreenshot += grid.length;
      continue;
    }
    const image = { width: step.media.width, height: step.media.height };
    grid.forEach((g, i) => points.push({ step: step.index, grid: g, pixel: pixels[i]!, image }));
  }
  const result = gridConventionOf(points);
  const misfits = points
    .filter((p) => result.convention === "inconsistent" && !Object.values(gridFit(p)).some(Boolean))
    .slice(0, MAX_LISTED)
    .map((p) => ({ step: p.step, grid: p.grid, pixel: p.pixel, image: [p.image.width, p.image.height] }));
  // A pixel off the screenshot: the runner measured another image than the one kept.
  const isOutside = (p: GridPoint) => p.pixel[0] < 0 || p.pixel[1] < 0 || p.pixel[0] >= p.image.width || p.pixel[1] >= p.image.height;
  const outside = [...new Set(points.filter(isOutside).map((p) => p.step))].slice(0, MAX_LISTED);
  const gridCheck = { ...result, withoutScreenshot, ...(misfits.length ? { misfits } : {}), ...(outside.length ? { outsideScreenshot: outside } : {}) };

  const location = run.location;
  const counts = `${result.fits["0-1000"]} of ${result.checked} points fit [0,1000], ${result.fits["0-999"]} fit [0,999]`;
  const missing = withoutScreenshot ? `; ${withoutScreenshot} points not checked, their screenshot is missing` : "";
  if (result.convention === "0-1000" || result.convention === "0-999") {
    note(report, location, `run ${run.name}: the model's grid is ${RANGE[result.convention]}: ${counts}${missing}`);
  } else if (result.convention === "inconsistent") {
    note(report, location, `run ${run.name}: neither [0,1000] nor [0,999] reproduces action_pos from the model's points on the screenshots (${counts}${missing}); the actions keep action_pos`);
  } else {
    const why = result.checked === 0 ? "no point has its screenshot and its action_pos" : "both fit every point";
    note(report, location, `run ${run.name}: the model's grid cannot be told, ${why} (${counts}${missing}); the actions keep action_pos`);
  }

  if (outside.length) note(report, location, `run ${run.name}: action_pos lies outside its screenshot at steps ${outside.join(", ")}`);

  const stored = await db.evaluationRun.findUniqueOrThrow({ where: { id: runId }, select: { meta: true } });
  const meta = (asJson(stored.meta) as Record<string, unknown> | null) ?? {};
  if (sameJson(meta.gridCheck ?? null, gridCheck)) return;
  await db.evaluationRun.update({ where: { id: runId }, data: { meta: { ...meta, gridCheck } as Prisma.InputJsonValue } });
}
