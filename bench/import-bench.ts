// Import throughput against the raw limit, measured in the same run (SPEC §9): N synthetic
// ScreenSpot-Pro meta records (images referenced by name, not present: the image path is
// benchmarked elsewhere) imported through the real parser and writer into a fresh SQLite
// database, and the same rows bulk-inserted with raw better-sqlite3 prepared statements.
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import Database from "better-sqlite3";
import { createDb, type Db } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { screenSpotProParser } from "@/lib/imports/formats/grounding/screenspot-pro";
import { runImport } from "@/lib/imports/write/run-import";
import { createLocalMediaStore } from "@/lib/media/local-store";

export type ImportFigure = { records: number; importRowsPerSecond: number; rawRowsPerSecond: number; ratio: number; peakRssMb: number; seconds: number };

/** The i-th synthetic ScreenSpot-Pro meta record (shared with bench/import-bench-postgres.ts). */
export function record(i: number) {
  return {
    id: `pro-${i}`,
    img_filename: `${(i * 2654435761) % 4294967296}.png`,
    img_size: [3840, 2160],
    bbox: [100 + (i % 3000), 200 + (i % 1500), 180 + (i % 3000), 260 + (i % 1500)],
    instruction: `Open the menu item number ${i}`,
    ui_type: i % 2 ? "icon" : "text",
    platform: "windows",
    application: `app-${i % 37}`,
    gt_type: i % 10 === 0 ? "negative" : "positive",
  };
}

/** N records as one ScreenSpot-Pro meta JSON array, streamed to the file. */
export async function writeRecords(file: string, n: number) {
  const out = createWriteStream(file);
  out.write("[");
  for (let i = 0; i < n; i++) {
    if (!out.write(`${i ? "," : ""}\n${JSON.stringify(record(i))}`)) await once(out, "drain");
  }
  out.end("\n]\n");
  await once(out, "finish");
}

function rawInsert(file: string, n: number): number {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  const project = "rawbenchproject";
  sqlite.prepare(`INSERT INTO Project (id, slug, name, settings, updatedAt) VALUES (?, 'raw', 'raw', '{}', ?)`).run(project, new Date().toISOString());
  const insert = sqlite.prepare(
    `INSERT INTO GroundingSample (id, projectId, imageRef, imageMissing, imageWidth, imageHeight, instruction, platform, app, uiType, sourceDataset, sourceId, contentHash, targetAbsent, boxX1, boxY1, boxX2, boxY2, status, createdAt, updatedAt)
     VALUES (?, ?, ?, 1, 3840, 2160, ?, 'windows', ?, ?, 'screenspot-pro', ?, ?, ?, ?, ?, ?, ?, 'unreviewed', ?, ?)`,
  );
  const started = performance.now();
  const batch = sqlite.transaction((from: number, to: number) => {
    const now = new Date().toISOString();
    for (let i = from; i < to; i++) {
      const r = record(i);
      const absent = r.gt_type === "negative";
      insert.run(`raw${i}`, project, r.img_filename, r.instruction, r.application, r.ui_type, r.id, `hash${i}`, absent ? 1 : 0,
        absent ? null : r.bbox[0], absent ? null : r.bbox[1], absent ? null : r.bbox[2], absent ? null : r.bbox[3], now, now);
    }
  });
  for (let i = 0; i < n; i += 10_000) batch(i, Math.min(n, i + 10_000));
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  return n / seconds;
}

/** The records file in `dir` imported into a new project of `db` by the app's own runImport, timed, with its peak RSS, as a figure beside the raw rate. */
export async function timedImport(db: Db, dir: string, n: number, rawRowsPerSecond: number): Promise<ImportFigure> {
  const project = await db.project.create({ data: { slug: "bench", name: "Bench", settings: {} } });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const report = await runImport({
    db,
    store: createLocalMediaStore(path.join(dir, "media")),
    projectId: project.id,
    parser: screenSpotProParser,
    input: { root: dir, file: "meta.json" },
    files: null,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = report.created.samples;
  if (rows < n) throw new Error(`import created ${rows} of ${n} samples (${report.rejectedCount} rejected)`);
  const importRowsPerSecond = rows / seconds;
  return { records: n, importRowsPerSecond, rawRowsPerSecond, ratio: importRowsPerSecond / rawRowsPerSecond, peakRssMb: peakRss / 1048576, seconds };
}

export async function benchImport(n: number): Promise<ImportFigure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-bench-import-"));
  try {
    const recordsFile = path.join(dir, "meta.json");
    await writeRecords(recordsFile, n);

    const rawDb = path.join(dir, "raw.db");
    applyMigrations(`file:${rawDb}`);
    const rawRowsPerSecond = rawInsert(rawDb, n);

    const dbFile = path.join(dir, "verity.db");
    applyMigrations(`file:${dbFile}`);
    const db = createDb(`file:${dbFile}`);
    try {
      return await timedImport(db, dir, n, rawRowsPerSecond);
    } finally {
      await db.$disconnect();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
