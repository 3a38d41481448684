import "server-only";
// Verdicts given on their own (Verity JSONL `verdict` lines), attached to a sample,
// trajectory or step that is already imported.
import type { Db } from "@/lib/db";
import type { VerdictLine } from "@/lib/imports/records";
import { reject, type ImportReport } from "@/lib/imports/write/report";
import { addVerdicts, verdictRow } from "@/lib/imports/write/verdicts";
import { markSamplesStale, markTrajectoriesStale } from "@/lib/derived/mark-stale";

async function targetIds(db: Db, projectId: string, target: VerdictLine["target"]) {
  const key = { projectId, sourceDataset: target.sourceDataset, sourceId: target.sourceId };
  if (target.kind === "sample") {
    const sample = await db.groundingSample.findFirst({ where: key, select: { id: true } });
    return sample ? { sampleId: sample.id } : null;
  }
  const trajectory = await db.trajectory.findFirst({ where: key, select: { id: true } });
  if (!trajectory) return null;
  if (target.kind === "trajectory") return { trajectoryId: trajectory.id };
  const step = await db.step.findUnique({ where: { trajectoryId_index: { trajectoryId: trajectory.id, index: target.stepIndex } }, select: { id: true } });
  return step ? { stepId: step.id } : null;
}

export async function writeVerdictLines(db: Db, projectId: string, lines: VerdictLine[], report: ImportReport) {
  const rows: ReturnType<typeof verdictRow>[] = [];
  for (const line of lines) {
    const ids = await targetIds(db, projectId, line.target);
    if (!ids) {
      const where = line.target.kind === "step" ? `step ${line.target.stepIndex} of ${line.target.sourceId}` : `${line.target.kind} ${line.target.sourceId}`;
      reject(report, line.location, `verdict target ${where} is not imported`);
      continue;
    }
    rows.push(verdictRow(projectId, ids, line.verdict));
  }
  // The items whose verdicts changed are derived again at the end of the batch.
  const added = await db.$transaction(async (tx) => {
    const n = await addVerdicts(tx, rows);
    await markSamplesStale(tx, [...new Set(rows.flatMap((r) => (r.sampleId ? [r.sampleId] : [])))]);
    await markTrajectoriesStale(tx, [...new Set(rows.flatMap((r) => (r.trajectoryId ? [r.trajectoryId] : [])))]);
    return n;
  });
  report.created.verdicts += added;
  report.unchanged += rows.length - added;
}
