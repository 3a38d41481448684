// Import throughput on PostgreSQL against the raw limit, measured in the same run (SPEC §9,
// issue 16: >= 30% of raw COPY): the same N synthetic ScreenSpot-Pro records as
// bench/import-bench.ts, imported through the real parser and writer (runImport) into a fresh
// PostgreSQL database, and the same rows streamed with `COPY "GroundingSample" (...) FROM
// STDIN` (text format, bench/pg-copy.ts) into the same table of another
// fresh database on the same server. Both databases are dropped at the end.
//   VERITY_BENCH_IMPORT_SIZES (default 100000,1000000), VERITY_BENCH_IMPORT_PROVIDERS picks
//   which of the import suites' providers run (bench/run.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb } from "@/lib/db";
import { record, timedImport, writeRecords, type ImportFigure } from "./import-bench";
import type { BenchPostgres } from "./pg-bench-server";
import { copyRows, type CopyValue } from "./pg-copy";

const COLUMNS = [
  "id", "projectId", "imageRef", "imageMissing", "imageWidth", "imageHeight", "instruction", "platform", "app", "uiType",
  "sourceDataset", "sourceId", "contentHash", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "status", "createdAt", "updatedAt",
];

function* copyRowsOf(projectId: string, n: number): Generator<CopyValue[]> {
  const now = new Date();
  for (let i = 0; i < n; i++) {
    const r = record(i);
    const absent = r.gt_type === "negative";
    const box = absent ? [null, null, null, null] : r.bbox;
    yield [`raw${i}`, projectId, r.img_filename, true, 3840, 2160, r.instruction, "windows", r.application, r.ui_type,
      "screenspot-pro", r.id, `hash${i}`, absent, ...box, "unreviewed", now, now];
  }
}

/** The raw limit: rows per second of one COPY FROM STDIN of all N rows (its project made before the clock). */
async function rawCopy(url: string, n: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const projectId = "rawbenchproject";
    await client.query(`INSERT INTO "Project" ("id", "slug", "name", "settings", "updatedAt") VALUES ($1, 'raw', 'raw', '{}', now())`, [projectId]);
    const started = performance.now();
    const stored = await copyRows(client, "GroundingSample", COLUMNS, copyRowsOf(projectId, n));
    const seconds = (performance.now() - started) / 1000;
    if (stored !== n) throw new Error(`raw COPY stored ${stored} of ${n} rows`);
    return n / seconds;
  } finally {
    await client.end();
  }
}

export async function benchImportPostgres(postgres: BenchPostgres, n: number): Promise<ImportFigure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-import-pg-"));
  const rawDb = await postgres.freshDatabase("import_raw");
  const appDb = await postgres.freshDatabase("import");
  try {
    const recordsFile = path.join(dir, "meta.json");
    await writeRecords(recordsFile, n);
    const rawRowsPerSecond = await rawCopy(rawDb.url, n);

    const db = createDb(appDb.url);
    try {
      return await timedImport(db, dir, n, rawRowsPerSecond);
    } finally {
      await db.$disconnect();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await rawDb.drop();
    await appDb.drop();
  }
}
