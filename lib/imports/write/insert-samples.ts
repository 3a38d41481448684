import "server-only";
// Inserts a batch of new grounding samples in one bulk transaction (lib/db/bulk-transaction.ts)
// and tells, for a key already stored, what it holds, so the caller can compare. Each new row
// is stored derived (sample-derived-columns.ts): it is fresh at its creation, and the batch's
// re-derivation has nothing left to do for it. Through the drivers, not Prisma: Prisma costs
// about half a millisecond per row on SQLite (STACK.md) and its createManyAndReturn 0.7 ms per
// row on PostgreSQL, which capped an import far below the raw insert rate (bench/results.md).
//   SQLite: one prepared INSERT ... ON CONFLICT DO NOTHING per row (a prepared statement per
//   row costs less than binding one multi-row statement);
//   PostgreSQL: one INSERT ... SELECT FROM unnest(...) per batch (a round trip per row would
//   cost more than the rows).
import type { Prisma } from "@/lib/generated/sqlite/client";
import { boxOf } from "@/lib/derived/rederive-samples";
import type { DerivationContext } from "@/lib/derived/derivation-context";
import { SAMPLE_DERIVED_COLUMNS, SAMPLE_DERIVED_PG_TYPES, newSampleDerivedValues } from "@/lib/derived/sample-derived-columns";
import { inList, type SqlExec } from "@/lib/db/sql-exec";
import { groupBy, lookupInChunks } from "@/lib/db/key-lookup";
import { newRowId } from "@/lib/ids/row-id";
import { sqliteDateText } from "@/lib/db/dialect";

/** `key`: sampleKey(data.sourceDataset, data.sourceId). */
export type NewSampleRow = { key: string; data: Prisma.GroundingSampleCreateManyInput };

export const sampleKey = (sourceDataset: string, sourceId: string) => `${sourceDataset}\u0000${sourceId}`;

export type BulkOutcome = { key: string; id: string; created: boolean; contentHash: string | null; imageMissing: boolean; status: string };

// The imported columns, with PostgreSQL's type of each (Json as text, cast on insert).
const IMPORTED: [column: string, pgType: string][] = [
  ["id", "text"], ["projectId", "text"], ["mediaId", "text"], ["imageRef", "text"], ["imageMissing", "boolean"], ["imageWidth", "int"],
  ["imageHeight", "int"], ["instruction", "text"], ["language", "text"], ["platform", "text"], ["app", "text"], ["uiType", "text"],
  ["sourceDataset", "text"], ["sourceId", "text"], ["contentHash", "text"], ["targetAbsent", "boolean"], ["boxX1", "float8"], ["boxY1", "float8"],
  ["boxX2", "float8"], ["boxY2", "float8"], ["polygon", "jsonb"], ["extra", "jsonb"],
];
const COLUMNS = [...IMPORTED.map(([c]) => c), ...SAMPLE_DERIVED_COLUMNS, "status", "createdAt", "updatedAt"];

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** One new row's values in the order of COLUMNS, without the trailing status and dates. */
function valuesOf(id: string, data: Prisma.GroundingSampleCreateManyInput, ctx: DerivationContext): unknown[] {
  const targetAbsent = Boolean(data.targetAbsent);
  const box = boxOf({ boxX1: data.boxX1 ?? null, boxY1: data.boxY1 ?? null, boxX2: data.boxX2 ?? null, boxY2: data.boxY2 ?? null });
  return [
    id, data.projectId, data.mediaId ?? null, data.imageRef ?? null, Boolean(data.imageMissing), data.imageWidth ?? null,
    data.imageHeight ?? null, data.instruction, data.language ?? null, data.platform ?? null, data.app ?? null, data.uiType ?? null,
    data.sourceDataset, data.sourceId, data.contentHash, targetAbsent, data.boxX1 ?? null, data.boxY1 ?? null,
    data.boxX2 ?? null, data.boxY2 ?? null, json(data.polygon), json(data.extra),
    ...newSampleDerivedValues({ targetAbsent, box }, ctx),
  ];
}

type StoredRow = { id: string; sourceDataset: string; sourceId: string; contentHash: string; imageMissing: unknown; status: string };

const SQLITE_INSERT = `INSERT INTO "GroundingSample" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${inList(COLUMNS.length)})
  ON CONFLICT ("projectId", "sourceDataset", "sourceId") DO NOTHING`;
const SQLITE_STORED = `SELECT "id", "sourceDataset", "sourceId", "contentHash", "imageMissing", "status" FROM "GroundingSample" WHERE "projectId" = ? AND "sourceDataset" = ? AND "sourceId" = ?`;

async function insertSqlite(exec: SqlExec, projectId: string, rows: NewSampleRow[], ctx: DerivationContext): Promise<BulkOutcome[]> {
  // The batch's timestamp as the text SQLite stores, converted once rather than twice a row.
  const now = sqliteDateText(new Date());
  const outcomes: BulkOutcome[] = [];
  for (const { key, data } of rows) {
    const id = newRowId();
    if ((await exec.run(SQLITE_INSERT, [...valuesOf(id, data, ctx), "unreviewed", now, now])) === 1) {
      outcomes.push({ key, id, created: true, contentHash: null, imageMissing: Boolean(data.imageMissing), status: "unreviewed" });
      continue;
    }
    const [stored] = await exec.all<StoredRow>(SQLITE_STORED, [projectId, data.sourceDataset, data.sourceId]);
    outcomes.push({ key, id: stored!.id, created: false, contentHash: stored!.contentHash, imageMissing: Boolean(stored!.imageMissing), status: stored!.status });
  }
  return outcomes;
}

const PG_TYPES = [...IMPORTED.map(([, t]) => (t === "jsonb" ? "text" : t)), ...SAMPLE_DERIVED_PG_TYPES];
const PG_INSERT = `INSERT INTO "GroundingSample" (${COLUMNS.map((c) => `"${c}"`).join(", ")})
  SELECT ${COLUMNS.slice(0, PG_TYPES.length).map((c, i) => (IMPORTED[i]?.[1] === "jsonb" ? `v.c${i}::jsonb` : `v.c${i}`)).join(", ")}, 'unreviewed', ?::timestamp, ?::timestamp
  FROM unnest(${PG_TYPES.map((t) => `?::${t}[]`).join(", ")}) AS v(${PG_TYPES.map((_, i) => `c${i}`).join(", ")})
  ON CONFLICT ("projectId", "sourceDataset", "sourceId") DO NOTHING
  RETURNING "id", "sourceDataset", "sourceId"`;

async function insertPostgres(exec: SqlExec, projectId: string, rows: NewSampleRow[], ctx: DerivationContext): Promise<BulkOutcome[]> {
  const now = new Date();
  const values = rows.map((r) => valuesOf(newRowId(), r.data, ctx));
  const columns = PG_TYPES.map((_, column) => values.map((row) => row[column]));
  const created = new Map(
    (await exec.all<{ id: string; sourceDataset: string; sourceId: string }>(PG_INSERT, [now, now, ...columns])).map((c) => [sampleKey(c.sourceDataset, c.sourceId), c.id]),
  );
  const others = rows.filter((r) => !created.has(r.key));
  const stored = new Map<string, StoredRow>();
  for (const [sourceDataset, group] of groupBy(others, (r) => r.data.sourceDataset)) {
    const found = await lookupInChunks(
      group.map((r) => r.data.sourceId),
      (sourceIds) =>
        exec.all<StoredRow>(
          `SELECT "id", "sourceDataset", "sourceId", "contentHash", "imageMissing", "status" FROM "GroundingSample" WHERE "projectId" = ? AND "sourceDataset" = ? AND "sourceId" IN (${inList(sourceIds.length)})`,
          [projectId, sourceDataset, ...sourceIds],
        ),
    );
    for (const row of found) stored.set(sampleKey(row.sourceDataset, row.sourceId), row);
  }
  return rows.map(({ key, data }) => {
    const id = created.get(key);
    if (id) return { key, id, created: true, contentHash: null, imageMissing: Boolean(data.imageMissing), status: "unreviewed" };
    const row = stored.get(key)!;
    return { key, id: row.id, created: false, contentHash: row.contentHash, imageMissing: Boolean(row.imageMissing), status: row.status };
  });
}

/** Inserts the rows whose key is new, derived under `ctx` (read in this transaction); for the others, what is stored. */
export function insertNewSamples(exec: SqlExec, projectId: string, rows: NewSampleRow[], ctx: DerivationContext): Promise<BulkOutcome[]> {
  return exec.provider === "postgres" ? insertPostgres(exec, projectId, rows, ctx) : insertSqlite(exec, projectId, rows, ctx);
}
