// Export throughput on PostgreSQL against the raw limit, measured in the same run (issue 16:
// >= 50k rows/s for JSONL): the rows of bench/export-seed.ts copied into a fresh PostgreSQL
// database (VERITY_TEST_PG_URL's server or a throwaway cluster, bench/pg-bench-server.ts), then
//   raw      a bare SELECT of the same rows with the pg client, in keyset batches of 5,000 in
//            the pool's order (id), each row written as a JSON line to a file;
//   jsonl    the real export job of an ms-swift JSONL pool into a local pool target;
//   parquet  the same for a verl parquet pool (bench/export-bench.ts runs the phases).
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import pg from "pg";
import { createDb } from "@/lib/db";
import { BENCH_ROOT, measure, poolExports, type ExportFigures } from "./export-bench";
import { ANNOTATION_COLUMNS, MEDIA, MEDIA_COLUMNS, PROJECT_ID, REVISION_COLUMNS, SAMPLE_COLUMNS, USER_ID, exportSeedRows, mediaRow, writeMediaFiles, type SeedRows } from "./export-seed";
import type { BenchPostgres } from "./pg-bench-server";
import { copyRows } from "./pg-copy";

const BATCH = 5000;

function* column<T>(n: number, pick: (rows: SeedRows) => T): Generator<T> {
  for (const rows of exportSeedRows(n)) yield pick(rows);
}

// The sample and its final revision point at each other (foreign keys both ways, not
// deferrable): samples go in without it, and one UPDATE sets it after the revisions.
async function seed(url: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO "Project" ("id", "slug", "name", "settings", "updatedAt") VALUES ($1, 'bench', 'Bench', '{}', now())`, [PROJECT_ID]);
    await client.query(`INSERT INTO "User" ("id", "email", "name", "updatedAt") VALUES ($1, 'reviewer@bench.test', 'Reviewer', now())`, [USER_ID]);
    await copyRows(client, "Media", MEDIA_COLUMNS, Array.from({ length: MEDIA }, (_, m) => mediaRow(m)));
    const finalAt = SAMPLE_COLUMNS.indexOf("finalAnswerId");
    const sampleColumns = SAMPLE_COLUMNS.filter((_, k) => k !== finalAt);
    await copyRows(client, "GroundingSample", sampleColumns, column(n, (r) => r.sample.filter((_, k) => k !== finalAt)));
    await copyRows(client, "Annotation", ANNOTATION_COLUMNS, column(n, (r) => r.annotation));
    await copyRows(client, "AnswerRevision", REVISION_COLUMNS, column(n, (r) => r.revision));
    await client.query(`UPDATE "GroundingSample" SET "finalAnswerId" = 'r' || "id" WHERE "projectId" = $1`, [PROJECT_ID]);
    await client.query(`VACUUM ANALYZE`);
  } finally {
    await client.end();
  }
}

// The raw limit: the same rows, bare keyset-batched SELECTs, one JSON line each, with backpressure.
async function rawExport(url: string, out: string): Promise<{ rows: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const stream = createWriteStream(out);
  let rows = 0;
  try {
    let after = "";
    for (;;) {
      const page = await client.query(
        `SELECT * FROM "GroundingSample" WHERE "projectId" = $1 AND "status" = 'verified' AND "id" > $2 ORDER BY "id" LIMIT ${BATCH}`,
        [PROJECT_ID, after],
      );
      if (page.rows.length === 0) break;
      let chunk = "";
      for (const row of page.rows) chunk += `${JSON.stringify(row)}\n`;
      rows += page.rows.length;
      if (!stream.write(chunk)) await once(stream, "drain");
      after = page.rows.at(-1).id;
      if (page.rows.length < BATCH) break;
    }
  } finally {
    await client.end();
  }
  stream.end();
  await once(stream, "finish");
  return { rows, bytes: statSync(out).size };
}

export async function benchExportPostgres(postgres: BenchPostgres, n: number): Promise<ExportFigures> {
  const dir = mkdtempSync(path.join(BENCH_ROOT, "run-pg-"));
  const database = await postgres.freshDatabase("export");
  try {
    const seedStarted = performance.now();
    await seed(database.url, n);
    const media = path.join(dir, "media");
    await writeMediaFiles(media);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const raw = await measure(() => rawExport(database.url, path.join(dir, "raw.jsonl")));
    const db = createDb(database.url);
    try {
      return { samples: n, seedSeconds, raw, ...(await poolExports(db, dir, media)) };
    } finally {
      await db.$disconnect();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}
