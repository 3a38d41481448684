import "server-only";
// Derives every item of a project that is not fresh (derivedRevision behind the project's
// derivationRevision): items an import just wrote, and all of them after a settings change or
// a new derivation code version. Page by page, each page one transaction.
import type { Db } from "@/lib/db";
import { toNumber } from "@/lib/db/dialect";
import { inBulkTransaction } from "@/lib/db/bulk-transaction";
import { derivationContext } from "@/lib/derived/derivation-context";
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import type { SqlExec } from "@/lib/db/sql-exec";

const PAGE = 500;

type Table = "GroundingSample" | "Trajectory";

// "Not derived under this revision", written as two ranges of the (projectId, derivedRevision)
// index: `<>` read every item of the project in id order to find the stale ones (all at the
// end, ids being time-ordered), so each batch of a 1M-record import scanned the whole project.
const STALE = `"projectId" = ? AND ("derivedRevision" < ? OR "derivedRevision" > ?)`;

async function stalePage(exec: SqlExec, table: Table, projectId: string, revision: number): Promise<string[]> {
  // No ORDER BY: sorting the whole stale set for every page made a recompute quadratic. The
  // page is written in id order all the same.
  const rows = await exec.all<{ id: string }>(`SELECT "id" FROM "${table}" WHERE ${STALE} LIMIT ${PAGE}`, [projectId, revision, revision]);
  return rows.map((r) => r.id).sort();
}

export async function countStale(db: Db, projectId: string): Promise<number> {
  return inBulkTransaction(db, async (exec) => {
    const { revision } = await derivationContext(exec, projectId);
    let total = 0;
    for (const table of ["GroundingSample", "Trajectory"] as const) {
      const rows = await exec.all<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "${table}" WHERE ${STALE}`, [projectId, revision, revision]);
      total += toNumber(rows[0]?.n);
    }
    return total;
  });
}

export type StaleProgress = (derived: number) => Promise<void> | void;

/**
 * Derives the project's stale items; returns how many of each kind it derived. `maxItems`
 * bounds the work of a caller that only needs its own writes derived (an import batch): the
 * rest is left to the recompute job.
 */
export async function rederiveStale(db: Db, projectId: string, options: { onProgress?: StaleProgress; maxItems?: number } = {}): Promise<{ samples: number; trajectories: number }> {
  const done = { samples: 0, trajectories: 0 };
  const max = options.maxItems ?? Number.POSITIVE_INFINITY;
  for (const table of ["GroundingSample", "Trajectory"] as const) {
    for (;;) {
      if (done.samples + done.trajectories >= max) return done;
      const n = await inBulkTransaction(db, async (exec) => {
        const ctx = await derivationContext(exec, projectId);
        const ids = await stalePage(exec, table, projectId, ctx.revision);
        if (table === "GroundingSample") await rederiveSamples(exec, projectId, ids, ctx);
        else await rederiveTrajectories(exec, projectId, ids, ctx);
        return ids.length;
      });
      if (table === "GroundingSample") done.samples += n;
      else done.trajectories += n;
      if (n > 0) await options.onProgress?.(done.samples + done.trajectories);
      if (n < PAGE) break;
    }
  }
  return done;
}
