// The load test's model-run phase (SQLite): is annotation still as fast while a model run is
// active, and does the connection's limit hold across two workers?
// A second project holds grounding samples with screenshots. Runs over them (temperatures 0.1
// and 0.2, so every request is distinct and none is served from the reply cache) share one
// connection, limit 32, to the stand-in in a process of its own replying in 200 ms (the ideal is
// 32 / 0.2 s = 160 requests/s). By default the app's own in-process worker runs one of them
// (the `npm start` default on SQLite; a worker runs one job of a project at a time, so the
// second would wait), sharing the app's event loop with the annotators;
// VERITY_LOAD_MODEL_RUN_WORKERS=external runs both on two worker processes (bin/worker.ts, one
// slot each) beside an app started with VERITY_WORKER=external: the connection's limit across
// two workers. While the runs are active, the same annotators work the queue for as long as they
// did without; then the runs are cancelled and counted. (On SQLite a worker process's writes
// wait behind the app's: see bench/results.md.)
// On this machine the stand-in and the external worker take CPU from the same 2 cores as the
// server (a real model server is elsewhere): their CPU time is printed beside the figures.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { createDb, type Db } from "@/lib/db";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createConnection } from "@/lib/models/connections/connections";
import { cancelModelRun, startModelRun } from "@/lib/models/runs/start-model-run";
import { startStandInProcess, type StandInEnd } from "@/tests/support/stand-in-launcher";
import { cpuMs } from "./load-run";

const PROJECT = "loadmodelruns01";
const ADMIN = "loadmodeladmin1";
const LIMIT = 32;
const REPLY_MS = 200;
const IDEAL = LIMIT / (REPLY_MS / 1000);

export type WorkerLayout = "external" | "in-process";
export function workerLayout(): WorkerLayout {
  const layout = process.env.VERITY_LOAD_MODEL_RUN_WORKERS ?? "in-process";
  if (layout !== "external" && layout !== "in-process") throw new Error(`VERITY_LOAD_MODEL_RUN_WORKERS is external or in-process, not ${layout}`);
  return layout;
}

/** A worker process: one job slot (so each takes one of the two runs), and a short poll. */
const WORKER_ENV = { VERITY_WORKER_CONCURRENCY: "1", VERITY_WORKER_POLL_MS: "500" };

/** The app server's environment in the phase's layout (the same for the phase without the runs). */
export const appWorkerEnv = (layout: WorkerLayout): Record<string, string> =>
  layout === "external" ? { VERITY_WORKER: "external" } : { VERITY_WORKER_POLL_MS: "500" };

/** Enough samples that one run alone outlasts the phase even at the ideal rate. */
export const modelRunSamples = (seconds: number) => Math.ceil(seconds * IDEAL * 1.1) + 2_000;

/** The project, its admin and `n` samples over four screenshots (in the app's media dir), written before the server starts. */
export async function seedModelRunProject(dataDir: string, file: string, n: number): Promise<void> {
  const sqlite = new Database(file);
  const now = new Date().toISOString();
  // Derived as an import leaves it, so the server's start queues no re-derivation.
  sqlite.prepare(`INSERT INTO "Project" (id, slug, name, settings, updatedAt, derivationCode) VALUES (?, 'load-model-runs', 'Load test: model runs', '{}', ?, ?)`).run(PROJECT, now, DERIVATION_CODE_VERSION);
  sqlite.prepare(`INSERT INTO "User" (id, email, name, updatedAt) VALUES (?, 'model-admin@load.test', 'Model admin', ?)`).run(ADMIN, now);
  sqlite.close();
  const db = createDb(`file:${file}`);
  const store = createLocalMediaStore(path.join(dataDir, "media"));
  const media: { id: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 40 * i, g: 120, b: 200 } } }).png().toBuffer();
    media.push(await ingestImage(db, store, PROJECT, png, `shot-${i}.png`));
  }
  await db.$disconnect();
  const rows = new Database(file);
  const insert = rows.prepare(
    `INSERT INTO "GroundingSample" (id, projectId, mediaId, imageWidth, imageHeight, instruction, sourceDataset, sourceId, contentHash, boxX1, boxY1, boxX2, boxY2, createdAt, updatedAt, derivedRevision)
     VALUES (?, ?, ?, 1280, 720, ?, 'load-model-run', ?, ?, 100, 100, 300, 200, ?, ?, 1)`,
  );
  rows.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(`m${i.toString(36).padStart(9, "0")}lmr`, PROJECT, media[i % media.length]!.id, `Open item ${i}`, `m${i}`, `m${i}`, now, now);
  })();
  rows.close();
}

export type ModelRunLoad = {
  samples: number;
  /** Requests the stand-in answered while the annotators worked, and their rate. */
  requests: number; requestsPerSecond: number; ideal: number;
  inFlightPeak: number; limit: number; violations: string[];
  /** The workers that ran the jobs (lockedBy), and the items the runs had finished. */
  layout: WorkerLayout; runs: number; workers: string[]; itemsDone: number;
  cpuMs: { workers: number; standIn: number };
};

export type ActiveModelRuns = { stop: () => Promise<ModelRunLoad> };

async function startExternalWorker(appEnv: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "bin/worker.ts"], {
    env: { ...process.env, NEXTAUTH_SECRET: "", ...appEnv, ...WORKER_ENV }, stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(" started on ")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the external worker exited (${code}): ${out}`)));
  });
  return child;
}

async function allRunning(db: Db, jobIds: string[]): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    const jobs = await db.job.findMany({ where: { id: { in: jobIds } }, select: { status: true, lockedBy: true, error: true, report: true } });
    const running = jobs.filter((j) => j.status === "running" && j.lockedBy);
    if (running.length === jobIds.length) return running.map((j) => j.lockedBy!);
    const ended = jobs.find((j) => j.status !== "running" && j.status !== "queued");
    if (ended) throw new Error(`a model run's job ended before the phase began (${ended.status}): ${ended.error ?? JSON.stringify(ended.report)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the model runs were not all taken by a worker within 2 minutes");
}

/** Starts the runs (and the external layout's worker processes); returns once a worker has taken each. */
export async function startModelRunLoad(appEnv: { VERITY_DATA_DIR: string; DATABASE_URL: string }, samples: number, layout: WorkerLayout): Promise<ActiveModelRuns> {
  // The runs are started from this process, as the CLI would: its env() reads the app's data dir.
  Object.assign(process.env, appEnv);
  const db = createDb(appEnv.DATABASE_URL);
  const standIn = await startStandInProcess(REPLY_MS);
  const workers = layout === "external" ? await Promise.all([startExternalWorker(appEnv), startExternalWorker(appEnv)]) : [];
  const workersCpu = () => workers.reduce((sum, w) => sum + cpuMs(w.pid ?? null), 0);
  const connection = await createConnection(db, PROJECT, ADMIN, { name: "load stand-in", baseUrl: standIn.url, model: "bench-model", convention: "rel1000", maxConcurrent: LIMIT, timeoutSeconds: 60 });
  const start = (temperature: number) =>
    startModelRun(db, PROJECT, ADMIN, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", temperature, outputName: `load-t${temperature}`, scope: { kind: "filter", filter: {} } });
  let runs: Awaited<ReturnType<typeof start>>[] = [];
  let holders: string[];
  try {
    runs = layout === "external" ? [await start(0.1), await start(0.2)] : [await start(0.1)];
    holders = await allRunning(db, runs.map((r) => r.jobId));
  } catch (error) {
    for (const run of runs) await cancelModelRun(db, PROJECT, run.id).catch(() => undefined);
    for (const worker of workers) worker.kill();
    standIn.kill();
    await db.$disconnect();
    throw error;
  }
  const cpuBefore = { workers: workersCpu(), standIn: cpuMs(standIn.pid) };
  const started = performance.now();
  // The requests sent before the annotators started are not theirs to share: counted apart.
  const requestsBefore = await db.modelRun.aggregate({ where: { projectId: PROJECT }, _sum: { requests: true } }).then((a) => a._sum.requests ?? 0);
  return {
    stop: async () => {
      const seconds = (performance.now() - started) / 1000;
      const totals = await db.modelRun.aggregate({ where: { projectId: PROJECT }, _sum: { requests: true, done: true } });
      const cpu = { workers: workersCpu() - cpuBefore.workers, standIn: cpuMs(standIn.pid) - cpuBefore.standIn };
      for (const run of runs) await cancelModelRun(db, PROJECT, run.id).catch(() => undefined);
      await Promise.all(workers.map((worker) => {
        const exited = new Promise((resolve) => worker.once("exit", resolve));
        worker.kill("SIGTERM");
        return exited;
      }));
      const end: StandInEnd = await standIn.stop();
      await db.$disconnect();
      const requests = (totals._sum.requests ?? 0) - requestsBefore;
      return {
        samples, requests, requestsPerSecond: requests / seconds, ideal: IDEAL,
        inFlightPeak: end.inFlightPeak, limit: LIMIT, violations: end.violations,
        layout, runs: runs.length, workers: holders, itemsDone: totals._sum.done ?? 0, cpuMs: cpu,
      };
    },
  };
}
