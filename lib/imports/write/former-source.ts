import "server-only";
// Samples an earlier version of an importer filed under another source dataset (UI-Venus
// grounding meta records went under "screenspot-pro") are moved to the dataset the importer
// now names, before the batch is written: the row keeps its id, so answers, verdicts,
// predictions, queue items and history stay on it, and a re-import updates it instead of
// adding a second copy. A sample is moved only if none exists under the new identity yet;
// each move is named in the report with the record's file and line.
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { note, type FormatReport } from "@/lib/imports/write/report";
import type { SampleRecord } from "@/lib/imports/records";

export async function moveFromFormerSource(db: Db, projectId: string, records: readonly SampleRecord[], report: FormatReport): Promise<void> {
  const exec = execFor(db);
  for (const record of records) {
    const former = record.formerSourceDataset;
    if (!former || former === record.sourceDataset) continue;
    const [current] = await exec.all(`SELECT 1 FROM "GroundingSample" WHERE "projectId" = ? AND "sourceDataset" = ? AND "sourceId" = ?`, [projectId, record.sourceDataset, record.sourceId]);
    if (current) continue;
    const moved = await exec.run(
      `UPDATE "GroundingSample" SET "sourceDataset" = ?, "updatedAt" = ? WHERE "projectId" = ? AND "sourceDataset" = ? AND "sourceId" = ?`,
      [record.sourceDataset, new Date(), projectId, former, record.sourceId],
    );
    if (moved > 0) note(report, record.location, `sample ${record.sourceId}: moved from source "${former}" to "${record.sourceDataset}", where this importer now files it; its answers and history stay with it`);
  }
}
