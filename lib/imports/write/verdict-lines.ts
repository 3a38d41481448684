import "server-only";
// Verdicts given on their own (Verity JSONL `verdict` lines), attached to a sample,
// trajectory or step that is already imported. A step verdict hangs on the step's row, which
// re-imports keep (trajectories.ts), so it is never lost or duplicated.
import type { Db } from "@/lib/db";
import type { VerdictLine } from "@/lib/imports/records";
import { noteRevised, reject, verdictChanged, type FormatReport } from "@/lib/imports/write/report";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { IMPORT_TRANSACTION } from "@/lib/imports/write/transactions";
import { verdictRow, writeVerdicts } from "@/lib/verdicts/write-verdicts";
import { markSamplesStale, markTrajectoriesStale } from "@/lib/derived/mark-stale";

type TargetIds = { ids: { sampleId?: string; trajectoryId?: string; stepId?: string }; trajectoryId: string | null };

async function targetIds(db: Db, projectId: string, target: VerdictLine["target"]): Promise<TargetIds | null> {
  const key = { projectId, sourceDataset: target.sourceDataset, sourceId: target.sourceId };
  if (target.kind === "sample") {
    const sample = await db.groundingSample.findFirst({ where: key, select: { id: true } });
    return sample ? { ids: { sampleId: sample.id }, trajectoryId: null } : null;
  }
  const trajectory = await db.trajectory.findFirst({ where: key, select: { id: true } });
  if (!trajectory) return null;
  if (target.kind === "trajectory") return { ids: { trajectoryId: trajectory.id }, trajectoryId: trajectory.id };
  const step = await db.step.findUnique({ where: { trajectoryId_index: { trajectoryId: trajectory.id, index: target.stepIndex } }, select: { id: true } });
  return step ? { ids: { stepId: step.id }, trajectoryId: trajectory.id } : null;
}

const describeTarget = (target: VerdictLine["target"]) => (target.kind === "step" ? `step ${target.stepIndex} of ${target.sourceId}` : `${target.kind} ${target.sourceId}`);

export async function writeVerdictLines(db: Db, projectId: string, lines: VerdictLine[], report: FormatReport, touched: TouchedIds) {
  const rows: ReturnType<typeof verdictRow>[] = [];
  const owners: (string | null)[] = [];
  const written: VerdictLine[] = [];
  for (const line of lines) {
    const found = await targetIds(db, projectId, line.target);
    if (!found) {
      reject(report, line.location, `verdict target ${describeTarget(line.target)} is not imported`);
      continue;
    }
    rows.push(verdictRow(projectId, found.ids, line.verdict));
    owners.push(found.trajectoryId);
    written.push(line);
  }
  // The items whose verdicts changed are marked stale in the same transaction; the import
  // derives them again after the batch (run-import.ts).
  const outcome = await db.$transaction(async (tx) => {
    const result = await writeVerdicts(tx, projectId, rows);
    await markSamplesStale(tx, [...new Set(rows.flatMap((r) => (r.sampleId ? [r.sampleId] : [])))]);
    await markTrajectoriesStale(tx, [...new Set(owners.flatMap((owner) => (owner ? [owner] : [])))]);
    return result;
  }, IMPORT_TRANSACTION);
  report.created.verdicts += outcome.added;
  report.unchanged += outcome.unchanged;
  report.updated += outcome.revised;
  noteRevised(report, "verdicts", outcome.revised);
  for (const change of outcome.changedUnderOverride) {
    const index = rows.indexOf(change.row);
    const line = written[index]!;
    const owner = change.row.sampleId ? { itemType: "sample" as const, itemId: change.row.sampleId } : owners[index] ? { itemType: "trajectory" as const, itemId: owners[index]! } : undefined;
    verdictChanged(report, {
      file: line.location.file, line: line.location.line, item: describeTarget(line.target),
      judge: change.row.judgeName, metric: change.row.metric, from: change.from, to: change.to, override: change.overrideValue,
      owner,
    });
  }
  if (outcome.added + outcome.revised > 0) {
    for (const [i, row] of rows.entries()) {
      if (row.sampleId) touched.samples.add(row.sampleId);
      const owner = owners[i];
      if (owner) touched.trajectories.add(owner);
    }
  }
}
