// A model run of N grounding samples (default 10,000) against the OpenAI-compatible stand-in
// answering every request after a fixed 200 ms, with a connection limit of 32: the ideal is
// 32 / 0.2 s = 160 requests/s. Printed: requests/s and its ratio to the ideal, the stand-in's
// peak of requests open at once (never above the limit), peak RSS, and that every reply was
// stored. Then the same N over two workers at once (two runs sharing one connection), to show
// the limit holds across them. The stand-in runs in its own process, as a model server does;
// the raw limit is 32 bare fetch loops sending the same requests to it, no database, in the
// same run (on a 2-core machine the stand-in's own request checks take one core).
// Seeded with raw statements into a fresh migrated SQLite file; the samples share a few
// screenshots (each request is still distinct: its instruction).
process.env.NEXTAUTH_SECRET ??= "model-run-bench-secret-0123456789abcdef01234";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createConnection } from "@/lib/models/connections/connections";
import { runModelRunJob } from "@/lib/models/runs/model-run-job";
import { startModelRun } from "@/lib/models/runs/start-model-run";
import { endedCleanly, startStandInProcess, type StandIn } from "@/tests/support/stand-in-launcher";

export type ModelRunFigure = {
  rawRequestsPerSecond: number;
  items: number; seconds: number; requestsPerSecond: number; ideal: number; inFlightPeak: number; limit: number; peakRssMb: number; stored: number;
  twoWorkers: { seconds: number; requestsPerSecond: number; inFlightPeak: number; stored: number };
};

const LIMIT = 32;
const REPLY_MS = 200;
const PROJECT = "benchmodelrunproj";

function seed(file: string, n: number, mediaIds: string[]): void {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  const now = new Date().toISOString();
  const insert = sqlite.prepare(
    `INSERT INTO "GroundingSample" (id, projectId, mediaId, instruction, sourceDataset, sourceId, contentHash, boxX1, boxY1, boxX2, boxY2, effectiveBoxX1, effectiveBoxY1, effectiveBoxX2, effectiveBoxY2, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, 'bench', ?, ?, 100, 100, 300, 200, 100, 100, 300, 200, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(`c${i.toString(36).padStart(8, "0")}mrun`, PROJECT, mediaIds[i % mediaIds.length], `Open item ${i}`, `s${i}`, `h${i}`, now, now);
  })();
  sqlite.close();
}

/** 32 bare fetch loops sending the bench's requests to the stand-in: the ceiling without Verity. */
async function rawLimit(png: Buffer, n: number): Promise<number> {
  const server = await startStandInProcess(REPLY_MS);
  const url = server.url;
  const image = `data:image/png;base64,${png.toString("base64")}`;
  let next = 0;
  const count = Math.min(n, 2000);
  const started = performance.now();
  await Promise.all(Array.from({ length: LIMIT }, async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${url}/chat/completions`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "bench-model", messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: image } }, { type: "text", text: `raw ${i}` }] }], temperature: 0 }),
      });
      await response.json();
    }
  }));
  const rate = count / ((performance.now() - started) / 1000);
  await server.stop();
  return rate;
}

export async function benchModelRun(n = Number(process.env.VERITY_BENCH_MODEL_RUN_ITEMS ?? "10000")): Promise<ModelRunFigure> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-model-run-bench-"));
  const file = path.join(dir, "bench.db");
  const url = `file:${file}`;
  applyMigrations(url);
  const db = createDb(url);
  const store = createLocalMediaStore(path.join(dir, "media"));
  const servers: StandIn[] = [];
  try {
    await db.project.create({ data: { id: PROJECT, slug: "bench", name: "Bench", settings: {} } });
    const user = await db.user.create({ data: { email: "bench@x.test", name: "Bench" } });
    const mediaIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 40 * i, g: 120, b: 200 } } }).png().toBuffer();
      mediaIds.push((await ingestImage(db, store, PROJECT, png, `shot-${i}.png`)).id);
    }
    seed(file, n, mediaIds);
    const png = await store.read((await db.media.findUniqueOrThrow({ where: { id: mediaIds[0]! } })).storageKey);
    const rawRequestsPerSecond = await rawLimit(png, n);
    const server = await startStandInProcess(REPLY_MS);
    servers.push(server);
    const connection = await createConnection(db, PROJECT, user.id, { name: "bench", baseUrl: server.url, model: "bench-model", convention: "rel1000", maxConcurrent: LIMIT, timeoutSeconds: 60 });
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

    const run = await startModelRun(db, PROJECT, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", scope: { kind: "filter", filter: {} } });
    const started = performance.now();
    await runModelRunJob(db, run.jobId, { store, workerId: "bench-1" });
    const seconds = (performance.now() - started) / 1000;
    const stored = await db.modelPrediction.count({ where: { projectId: PROJECT, model: run.outputName } });
    const first = await endedCleanly(server);

    // Two workers, two runs on the same connection (other output names, so nothing is cached).
    const half = Math.floor(n / 2);
    const ids = (await db.groundingSample.findMany({ where: { projectId: PROJECT }, select: { id: true }, orderBy: { id: "asc" } })).map((s) => s.id);
    const second = await startStandInProcess(REPLY_MS);
    servers.push(second);
    await db.modelConnection.update({ where: { id: connection.id }, data: { baseUrl: second.url } });
    const a = await startModelRun(db, PROJECT, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", temperature: 0.1, outputName: "a", scope: { kind: "ids", ids: ids.slice(0, half) } });
    const b = await startModelRun(db, PROJECT, user.id, { connectionId: connection.id, templateId: "ui-venus-1.5-grounding", temperature: 0.1, outputName: "b", scope: { kind: "ids", ids: ids.slice(half) } });
    const twoStarted = performance.now();
    await Promise.all([runModelRunJob(db, a.jobId, { store, workerId: "bench-a" }), runModelRunJob(db, b.jobId, { store, workerId: "bench-b" })]);
    const twoSeconds = (performance.now() - twoStarted) / 1000;
    clearInterval(sampler);
    const both = await endedCleanly(second);
    const storedTwo = await db.modelPrediction.count({ where: { projectId: PROJECT, model: { in: ["a", "b"] } } });
    return {
      rawRequestsPerSecond,
      items: n, seconds, requestsPerSecond: first.requests / seconds, ideal: LIMIT / (REPLY_MS / 1000), inFlightPeak: first.inFlightPeak, limit: LIMIT, peakRssMb: peakRss / 1024 / 1024, stored,
      twoWorkers: { seconds: twoSeconds, requestsPerSecond: both.requests / twoSeconds, inFlightPeak: both.inFlightPeak, stored: storedTwo },
    };
  } finally {
    for (const s of servers) s.kill();
    await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function modelRunSuite() {
  const n = Number(process.env.VERITY_BENCH_MODEL_RUN_ITEMS ?? "10000");
  console.error(`model run: ${n.toLocaleString("en")} grounding samples against the stand-in (200 ms, limit 32)…`);
  const f = await benchModelRun(n);
  return [
    {
      figure: `model run of ${n.toLocaleString("en")} grounding samples, stand-in replying in 200 ms, connection limit 32 (SQLite, one worker)`,
      value: `${f.requestsPerSecond.toFixed(1)} requests/s, ${f.seconds.toFixed(1)} s; at most ${f.inFlightPeak} open; peak RSS ${Math.round(f.peakRssMb)} MB; ${f.stored.toLocaleString("en")} of ${n.toLocaleString("en")} replies stored`,
      target: ">= 0.9 of the ideal 160 requests/s; memory flat",
      ratio: `${(f.requestsPerSecond / f.ideal).toFixed(2)} of the ideal ${f.ideal} requests/s (${f.limit} slots / 0.2 s); ${(f.requestsPerSecond / f.rawRequestsPerSecond).toFixed(2)} of this machine's raw limit, ${f.rawRequestsPerSecond.toFixed(1)} requests/s from 32 bare fetch loops to the same stand-in (no database)`,
    },
    {
      figure: `the same ${n.toLocaleString("en")} as two runs on two workers sharing the connection (limit 32)`,
      value: `${f.twoWorkers.requestsPerSecond.toFixed(1)} requests/s, ${f.twoWorkers.seconds.toFixed(1)} s; at most ${f.twoWorkers.inFlightPeak} open at once; ${f.twoWorkers.stored.toLocaleString("en")} stored`,
      target: "never above the limit across workers",
      ratio: `${(f.twoWorkers.requestsPerSecond / f.ideal).toFixed(2)} of the ideal`,
    },
  ];
}
