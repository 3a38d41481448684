import "server-only";
// One machine verdict written by identity outside an import (the demo project, scripted
// setups): the same writer as imports (write-verdicts.ts), so it gets its identity and its first
// revision, and a second call with other content revises it. The item's derived values are
// left to the caller, as an import leaves them to the end of its batch.
import type { Db } from "@/lib/db";
import { verdictRow, writeVerdicts, type VerdictContent } from "@/lib/verdicts/write-verdicts";

export type NewVerdict = VerdictContent & { projectId: string; sampleId?: string | null; trajectoryId?: string | null; stepId?: string | null };

export async function recordVerdicts(db: Db, verdicts: readonly NewVerdict[]) {
  return db.$transaction(async (tx) => {
    const rows = verdicts.map((v) => verdictRow(v.projectId, v, v));
    await writeVerdicts(tx, rows[0]?.projectId ?? "", rows);
    return Promise.all(rows.map((r) => tx.judgeVerdict.findUniqueOrThrow({ where: { projectId_identityKey: { projectId: r.projectId, identityKey: r.identityKey } } })));
  });
}

export async function recordVerdict(db: Db, verdict: NewVerdict) {
  const [row] = await recordVerdicts(db, [verdict]);
  return row!;
}
