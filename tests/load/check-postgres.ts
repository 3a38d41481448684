// The load test's database checks (run-load.ts checkDatabase) on PostgreSQL: no item over its
// overlap, nobody given an item twice, every acknowledged submission stored as submitted with
// its submitted answer, as many submitted claims as acknowledged ones.
import pg from "pg";
import type { Tally } from "./load-client";

export async function checkPostgres(url: string, overlap: number, tally: Tally): Promise<{ checks: string; ok: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (sql: string, params: unknown[] = []) => Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);
    const overFull = await count(`SELECT COUNT(*) AS n FROM (SELECT "queueItemId" FROM "Claim" WHERE "status" IN ('active', 'submitted') GROUP BY "queueItemId" HAVING COUNT(*) > $1) t`, [overlap]);
    const twice = await count(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM "Claim" GROUP BY "queueItemId", "userId" HAVING COUNT(*) > 1) t`);
    const stored = await count(`SELECT COUNT(*) AS n FROM "Claim" WHERE "status" = 'submitted'`);
    const found = await client.query<{ id: string; status: string; answer: string | null }>(
      `SELECT c."id", c."status", a."status" AS answer FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
         LEFT JOIN "Annotation" a ON a."sampleId" = qi."sampleId" AND a."annotatorId" = c."userId" AND a."kind" = 'label'
        WHERE c."id" = ANY($1::text[])`,
      [tally.submitted.map((s) => s.claimId)],
    );
    const byId = new Map(found.rows.map((r) => [r.id, r]));
    const lost = tally.submitted.filter((s) => byId.get(s.claimId)?.status !== "submitted" || byId.get(s.claimId)?.answer !== "submitted");
    const ok = tally.errors.length === 0 && lost.length === 0 && overFull === 0 && twice === 0 && stored === tally.submitted.length && tally.submitted.length > 0;
    return { checks: `errors ${tally.errors.length}, lost submissions ${lost.length}, items over overlap ${overFull}, items given twice to one person ${twice}, submitted claims stored ${stored}`, ok };
  } finally {
    await client.end();
  }
}
