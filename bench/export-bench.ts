// Export throughput against the raw limit, measured in the same run (SPEC §9: >= 50k rows/s,
// memory flat): N verified grounding samples (bench/export-seed.ts: each with its final
// answer, screenshots shared by many samples as in real datasets) seeded with raw inserts
// into a fresh SQLite database, then
//   raw      a bare SELECT of the same rows through better-sqlite3, in the pool's order (id),
//            each written as a JSON line to a file (what any export must at least do);
//   jsonl    the real export job of an ms-swift JSONL pool into a local pool target;
//   parquet  the same for a verl parquet pool.
// Both pools name their screenshots by absolute path (image mode "absolute"): each of the
// MEDIA screenshots is copied once into the snapshot, a cost that does not grow with the rows.
// Peak RSS is sampled every 50 ms during each phase, and reported with its growth over the
// phase's start (the process already holds Prisma, and under npm run bench the other suites'
// modules). The one part of an export that grows with its size is the
// manifest's lists of source annotation ids (about 110 MB per million rows); the rest is flat.
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import Database from "better-sqlite3";
import { createDb, type Db } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { executeExportJob } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { createPool } from "@/lib/pools/pools";
import { PROJECT_ID, USER_ID, seedSqlite, writeMediaFiles } from "./export-seed";

export type ExportPhase = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  rssGrowthMb: number;
  bytes: number;
  // CPU time a row: this process's (user + system), and every core's busy time (the database
  // server's too, and whatever else ran), over the phase.
  processCpuUsPerRow: number;
  machineCpuUsPerRow: number;
};
export type ExportFigures = { samples: number; seedSeconds: number; raw: ExportPhase; jsonl: ExportPhase; parquet: ExportPhase };

// One pool root for every run of this process (settings are read once per process).
export const BENCH_ROOT = mkdtempSync(path.join(os.tmpdir(), "verity-bench-export-"));
process.env.VERITY_POOL_ROOTS = BENCH_ROOT;

// A full collection before each phase, so its growth is its own and not the last phase's garbage.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** Milliseconds every core has spent busy (not idle) since boot. */
function machineBusyMs(): number {
  return os.cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
}

export async function measure(work: () => Promise<{ rows: number; bytes: number }>): Promise<ExportPhase> {
  collectGarbage();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const [cpuStart, busyStart] = [process.cpuUsage(), machineBusyMs()];
  const started = performance.now();
  const { rows, bytes } = await work();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const busyMs = machineBusyMs() - busyStart;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    peakRssMb: peak / 1048576,
    rssGrowthMb: (peak - start) / 1048576,
    bytes,
    processCpuUsPerRow: (cpu.user + cpu.system) / rows,
    machineCpuUsPerRow: (busyMs * 1000) / rows,
  };
}

/**
 * The most rows a second this machine could give at the phase's CPU cost, were every core
 * busy with nothing else and the work split without loss: a ceiling no change of scheduling
 * (threads, processes) can pass, only a lower cost a row.
 */
export const cpuCeiling = (p: ExportPhase) => (os.cpus().length * 1e6) / p.machineCpuUsPerRow;

// The raw limit: the same rows, a bare SELECT, one JSON line each, written with backpressure.
async function rawExport(file: string, projectId: string, out: string): Promise<{ rows: number; bytes: number }> {
  const sqlite = new Database(file, { readonly: true });
  const stream = createWriteStream(out);
  let rows = 0;
  let chunk = "";
  for (const row of sqlite.prepare(`SELECT * FROM "GroundingSample" WHERE "projectId" = ? AND "status" = 'verified' ORDER BY "id"`).iterate(projectId)) {
    chunk += `${JSON.stringify(row)}\n`;
    rows += 1;
    if (rows % 2000 === 0) {
      if (!stream.write(chunk)) await once(stream, "drain");
      chunk = "";
    }
  }
  stream.end(chunk);
  await once(stream, "finish");
  sqlite.close();
  return { rows, bytes: statSync(out).size };
}

// The pool and its queued job are made before the clock starts (and warm the database client);
// the phase is the export job itself.
async function queuedExport(db: Db, actor: { userId: string; projectId: string }, dir: string, profile: "ms-swift" | "verl") {
  const pool = await createPool(db, actor, { name: profile, kind: "grounding", profile, targetType: "local", targetUri: dir, imageMode: "absolute" });
  return (await startExport(db, actor, { poolId: pool.id, mode: "full" })).id;
}

async function runExport(db: Db, jobId: string, dir: string, mediaDir: string) {
  const outcome = await executeExportJob(db, jobId, { store: createLocalMediaStore(mediaDir), targetOf: poolTarget });
  if (outcome?.status !== "succeeded") throw new Error(`the export failed: ${outcome && "error" in outcome ? outcome.error : "not run"}`);
  const manifest = await poolTarget({ targetType: "local", targetUri: dir }).readManifest(outcome.snapshotId);
  return { rows: outcome.rows, bytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0) };
}

/** The two pool exports of one seeded database, each queued before its clock starts. */
export async function poolExports(db: Db, dir: string, media: string): Promise<{ jsonl: ExportPhase; parquet: ExportPhase }> {
  const actor = { userId: USER_ID, projectId: PROJECT_ID };
  const [jsonlDir, parquetDir] = [path.join(dir, "pools", "jsonl"), path.join(dir, "pools", "parquet")];
  mkdirSync(path.join(dir, "pools"));
  const jsonlJob = await queuedExport(db, actor, jsonlDir, "ms-swift");
  const jsonl = await measure(() => runExport(db, jsonlJob, jsonlDir, media));
  const parquetJob = await queuedExport(db, actor, parquetDir, "verl");
  const parquet = await measure(() => runExport(db, parquetJob, parquetDir, media));
  return { jsonl, parquet };
}

export async function benchExport(n: number): Promise<ExportFigures> {
  const dir = mkdtempSync(path.join(BENCH_ROOT, "run-"));
  try {
    const file = path.join(dir, "verity.db");
    applyMigrations(`file:${file}`);
    const seedStarted = performance.now();
    seedSqlite(file, n);
    const media = path.join(dir, "media");
    await writeMediaFiles(media);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const raw = await measure(() => rawExport(file, PROJECT_ID, path.join(dir, "raw.jsonl")));
    const db = createDb(`file:${file}`);
    try {
      return { samples: n, seedSeconds, raw, ...(await poolExports(db, dir, media)) };
    } finally {
      await db.$disconnect();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const us = (n: number) => `${n.toFixed(1)} µs`;

export const rate = (p: ExportPhase) =>
  `${Math.round(p.rowsPerSecond).toLocaleString("en")} rows/s, peak RSS ${Math.round(p.peakRssMb)} MB (+${Math.round(p.rssGrowthMb)} MB during the phase), ${p.seconds.toFixed(1)} s; CPU a row ${us(p.processCpuUsPerRow)} in this process, ${us(p.machineCpuUsPerRow)} on the machine`;
