import "server-only";
// The next item a user may claim: open, never claimed by this user (in any status: nobody
// gets the same item twice), fewer live claims than the queue's overlap; highest priority
// first, then id. On PostgreSQL the row comes back locked (FOR NO KEY UPDATE, which still
// lets Claim rows reference it), so only one transaction at a time can add a claim to it.
//
// Honeypot items are not limited by the overlap: a honeypot measures each annotator, so every
// member of the queue must meet it once (the "never twice" rule still holds), and its answer
// is known already, so no slot needs saving for a consensus. Their status stays "open".
import type { WriteTx } from "@/lib/db/write-transaction";
import { liveClaimSql } from "@/lib/queues/live-claims";

// isHoneypot: SQLite hands booleans back from raw queries as 0/1.
export type Candidate = { id: string; sampleId: string | null; trajectoryId: string | null; verdictId: string | null; isHoneypot: boolean | number };

// `skipLocked`: pass over items other claimers hold right now (the fast path). Without it the
// query waits for them, so "nothing left" is never answered just because the remaining items
// were briefly locked by someone whose claim then did not need them.
// `overlap` is passed in (the claimer read the queue already) rather than joined from Queue:
// with the join, SQLite's planner started from Queue and sorted every open item instead of
// walking the (queueId, status, priority DESC, id) index in order (bench/queue-bench.ts:
// candidate query 950 ms -> 0.02 ms at 1M items).
// `peek`: only look (lib/queues/likely-next-images.ts), outside any claim: no row is locked.
export type CandidateQuery = { queueId: string; userId: string; now: Date; overlap: number; excludedIds: string[]; skipLocked: boolean; peek?: true };

export async function nextCandidate(w: Pick<WriteTx, "exec" | "provider">, q: CandidateQuery): Promise<Candidate | null> {
  const { provider } = w;
  const args: unknown[] = [];
  const param = (value: unknown) => {
    args.push(value);
    return provider === "postgres" ? `$${args.length}` : "?";
  };
  // Parameters are numbered in the order they are written, so build the text left to right.
  const queueParam = param(q.queueId);
  const userParam = param(q.userId);
  const nowParam = param(q.now);
  const overlapParam = param(q.overlap);
  const excluded = q.excludedIds.length ? `AND qi."id" NOT IN (${q.excludedIds.map(param).join(", ")})` : "";
  const lock = provider === "postgres" && !q.peek ? `FOR NO KEY UPDATE OF qi${q.skipLocked ? " SKIP LOCKED" : ""}` : "";
  const rows = await w.exec.all<Candidate>(
    `SELECT qi."id", qi."sampleId", qi."trajectoryId", qi."verdictId", qi."isHoneypot"
       FROM "QueueItem" qi
      WHERE qi."queueId" = ${queueParam}
        AND qi."status" = 'open'
        AND NOT EXISTS (SELECT 1 FROM "Claim" mine WHERE mine."queueItemId" = qi."id" AND mine."userId" = ${userParam})
        AND (qi."isHoneypot" OR (SELECT COUNT(*) FROM "Claim" c WHERE c."queueItemId" = qi."id" AND ${liveClaimSql(nowParam)}) < ${overlapParam})
        ${excluded}
      ORDER BY qi."priority" DESC, qi."id" ASC
      LIMIT 1
      ${lock}`,
    args,
  );
  return rows[0] ?? null;
}
