// `npm run test:load`: 50 simulated annotators (VERITY_LOAD_USERS) claim, label and submit
// for several minutes (VERITY_LOAD_SECONDS, default 180) against a queue of 1M items
// (VERITY_LOAD_ITEMS), over HTTP on loopback against the production build, exactly as the
// review screen does it (load-client.ts). First the same annotators run against the bare
// reference (bare-reference.ts: the same data changes and SQL on a copy of the same database,
// in a bare node:http server), then against Verity; Verity's throughput is printed as a ratio
// of the reference's. After each run the database is checked: no errors, every acknowledged
// submission stored, no item over its overlap, nobody given an item twice.
// p50/p95/p99 per operation and the server's CPU time per item are printed, then the framework
// floor measured on the same server (framework-floor.ts: what a request costs before any of
// Verity's work, VERITY_LOAD_FLOOR_SECONDS, default 20).
// Then (SQLite; VERITY_LOAD_MODEL_RUN=0 leaves it out) the same annotators for the same time while
// a model run is active on the app's own worker, or two on two worker processes with
// VERITY_LOAD_MODEL_RUN_WORKERS=external (model-run-phase.ts): their throughput as a ratio of the
// first Verity phase's (target within 10%), and the connection's limit across the workers.
// Not part of `npm test` (it runs for minutes); uses the existing .next build or makes one.
//   VERITY_LOAD_CPU_PROF=<dir>: Verity's server writes a V8 CPU profile there when it stops.
//   `-- --db postgres [--replicas N]`: the same on PostgreSQL (VERITY_TEST_PG_URL's server or a
//   throwaway cluster), with N app replicas, S3 media and an external worker (run-postgres.ts).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { AppServer, freePort } from "../e2e/fault/app-server";
import { floorRoutes, measureFrameworkFloor, reportFloor, type FloorResult } from "./framework-floor";
import { TWO_REQUESTS, annotate, newTally, verityClient, type Tally } from "./load-client";
import { cpuMs, report, runBare, signInRetrying, type RunResult } from "./load-run";
import { appWorkerEnv, modelRunSamples, seedModelRunProject, startModelRunLoad, workerLayout, type ModelRunLoad } from "./model-run-phase";
import { seedLoad, type LoadSeed } from "./seed-load";
import { saveSuiteRows, type BenchRow } from "../../bench/results-store";

const USERS = Number(process.env.VERITY_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.VERITY_LOAD_SECONDS ?? 180);
const ITEMS = Number(process.env.VERITY_LOAD_ITEMS ?? 1_000_000);
const PASSWORD = "load-test-password-1";
// The framework floor's phase, after Verity's (framework-floor.ts); 0 leaves it out.
const FLOOR_SECONDS = Number(process.env.VERITY_LOAD_FLOOR_SECONDS ?? Math.min(20, SECONDS));
const MODEL_RUN_PHASE = process.env.VERITY_LOAD_MODEL_RUN !== "0";

/** Both phases' annotators as one, for the database check after the second phase (it counts every claim). */
const together = (a: Tally, b: Tally): Tally => ({ latencies: b.latencies, errors: [...a.errors, ...b.errors], submitted: [...a.submitted, ...b.submitted] });

function checkDatabase(file: string, seed: LoadSeed, tally: Tally): { checks: string; ok: boolean } {
  const db = new Database(file, { readonly: true });
  const overFull = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT "queueItemId" FROM "Claim" WHERE "status" IN ('active', 'submitted') GROUP BY "queueItemId" HAVING COUNT(*) > ?)`).get(seed.overlap) as { n: number };
  const twice = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM "Claim" GROUP BY "queueItemId", "userId" HAVING COUNT(*) > 1)`).get() as { n: number };
  const stored = db.prepare(`SELECT COUNT(*) AS n FROM "Claim" WHERE "status" = 'submitted'`).get() as { n: number };
  const find = db.prepare(`SELECT c."status", a."status" AS answer FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId"
    LEFT JOIN "Annotation" a ON a."sampleId" = qi."sampleId" AND a."annotatorId" = c."userId" AND a."kind" = 'label' WHERE c."id" = ?`);
  const lost = tally.submitted.filter((s) => {
    const row = find.get(s.claimId) as { status: string; answer: string | null } | undefined;
    return row?.status !== "submitted" || row.answer !== "submitted";
  });
  const integrity = db.pragma("integrity_check", { simple: true });
  db.close();
  const ok = tally.errors.length === 0 && lost.length === 0 && overFull.n === 0 && twice.n === 0 && stored.n === tally.submitted.length && integrity === "ok" && tally.submitted.length > 0;
  const checks = `errors ${tally.errors.length}, lost submissions ${lost.length}, items over overlap ${overFull.n}, items given twice to one person ${twice.n}, submitted claims stored ${stored.n}, integrity ${integrity}`;
  return { checks, ok };
}

type VerityRuns = RunResult & { floor: FloorResult | null; withModelRun: (RunResult & { model: ModelRunLoad }) | null };

async function annotateFor(server: AppServer, cookies: string[], seed: LoadSeed): Promise<{ tally: Tally; serverCpuMs: number }> {
  const tally = newTally();
  const cpuBefore = cpuMs(server.pid);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(cookies.map((cookie, i) => annotate(tally, verityClient(server, cookie, seed), seed.emails[i]!, until)));
  return { tally, serverCpuMs: cpuMs(server.pid) - cpuBefore };
}

async function runVerity(dataDir: string, file: string, seed: LoadSeed, modelRunItems: number): Promise<VerityRuns> {
  const profile = process.env.VERITY_LOAD_CPU_PROF;
  const appEnv = { VERITY_DATA_DIR: dataDir, DATABASE_URL: `file:${file}` };
  const server = new AppServer(
    await freePort(),
    { ...appEnv, VERITY_LOGIN_MAX_ATTEMPTS: "100000", ...(modelRunItems ? appWorkerEnv(workerLayout()) : {}) },
    profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  );
  await server.start();
  const cookies = await Promise.all(seed.emails.map((email) => signInRetrying(server, email, PASSWORD)));
  const alone = await annotateFor(server, cookies, seed);
  const first: RunResult = { name: "Verity", tally: alone.tally, seconds: SECONDS, serverCpuMs: alone.serverCpuMs, ...checkDatabase(file, seed, alone.tally) };
  let withModelRun: VerityRuns["withModelRun"] = null;
  if (modelRunItems) {
    console.error(`the same annotators for ${SECONDS} s while model runs are active (${workerLayout()} workers)…`);
    const runs = await startModelRunLoad(appEnv, modelRunItems, workerLayout());
    const beside = await annotateFor(server, cookies, seed);
    const model = await runs.stop();
    const checked = checkDatabase(file, seed, together(alone.tally, beside.tally));
    withModelRun = { name: `Verity with ${model.runs === 1 ? "a model run" : `${model.runs} model runs`} active`, tally: beside.tally, seconds: SECONDS, serverCpuMs: beside.serverCpuMs, ...checked, model };
  }
  const floor = FLOOR_SECONDS > 0 ? await measureFrameworkFloor(server, floorRoutes(seed), USERS, FLOOR_SECONDS) : null;
  await server.stop();
  return { ...first, floor, withModelRun };
}

function reportModelRun(alone: RunResult, beside: RunResult & { model: ModelRunLoad }): boolean {
  const m = beside.model;
  report(beside);
  const ratio = beside.tally.submitted.length / Math.max(1, alone.tally.submitted.length);
  console.log(`  model run${m.runs === 1 ? "" : "s"} beside them: ${m.requests.toLocaleString("en")} requests in ${SECONDS} s (${m.requestsPerSecond.toFixed(1)}/s, ${(m.requestsPerSecond / m.ideal).toFixed(2)} of the ideal ${m.ideal}), ${m.itemsDone.toLocaleString("en")} of ${m.runs} x ${m.samples.toLocaleString("en")} items done when cancelled`);
  const where = m.layout === "external" ? "two worker processes, the app's own worker off" : "the app's in-process worker";
  console.log(`  workers: ${m.workers.join(" and ")} (${where}); at most ${m.inFlightPeak} requests open at once (connection limit ${m.limit}); stand-in refusals ${m.violations.length}`);
  console.log(`  CPU beside the server during the phase: ${m.layout === "external" ? `worker processes ${(m.cpuMs.workers / 1000).toFixed(1)} s` : "no worker process (the runs are in the server's own CPU figure)"}, stand-in ${(m.cpuMs.standIn / 1000).toFixed(1)} s (the same ${os.cpus().length} cores)`);
  console.log(`annotation throughput with the model run${m.runs === 1 ? "" : "s"} / without: ${ratio.toFixed(2)} (target >= 0.90)`);
  for (const v of m.violations) console.log(`  stand-in refused: ${v}`);
  saveSuiteRows({ [`load-model-run-${m.layout}`]: modelRunRows(alone, beside, ratio) });
  return beside.ok && m.violations.length === 0 && m.inFlightPeak <= m.limit && (m.layout === "in-process" || new Set(m.workers).size === 2);
}

/** The figures issue 34 set targets for, into bench/results.md beside the model-run bench's. */
function modelRunRows(alone: RunResult, beside: RunResult & { model: ModelRunLoad }, ratio: number): BenchRow[] {
  const m = beside.model;
  const perSecond = (r: RunResult) => `${(r.tally.submitted.length / r.seconds).toFixed(1)} items/s`;
  const where = m.layout === "external" ? `${m.runs} runs on two worker processes` : "one run on the app's own worker";
  const setting = `${USERS} annotators, ${SECONDS} s, ${ITEMS.toLocaleString("en")} queue items, SQLite; ${where}, stand-in replying in 200 ms, connection limit ${m.limit}`;
  return [
    {
      figure: `annotation throughput while a model run is active (load test: ${setting})`,
      value: `${perSecond(beside)} with, ${perSecond(alone)} without; model run ${m.requestsPerSecond.toFixed(1)} requests/s, ${m.itemsDone.toLocaleString("en")} items written`,
      target: "within 10% of the figure without it",
      ratio: `${ratio.toFixed(2)} of the throughput without the run, the run${m.runs === 1 ? "" : "s"} at ${(m.requestsPerSecond / m.ideal).toFixed(2)} of the ideal ${m.ideal} requests/s`,
    },
    {
      figure: `the run's open requests across ${m.layout === "external" ? "two worker processes" : "the worker"} during that phase`,
      value: `at most ${m.inFlightPeak} open at once; workers ${m.workers.join(", ")}`,
      target: `never above the connection's limit (${m.limit})`,
      ratio: `${(m.inFlightPeak / m.limit).toFixed(2)} of the limit`,
    },
  ];
}

/** `--db postgres --replicas 2` and the like; SQLite and one server by default. */
function options(argv: string[]): { db: "sqlite" | "postgres"; replicas: number } {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const db = value("db") ?? "sqlite";
  const replicas = Number(value("replicas") ?? 1);
  if (db !== "sqlite" && db !== "postgres") throw new Error(`--db must be sqlite or postgres, not ${db}`);
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`--replicas must be a whole number >= 1, not ${value("replicas")}`);
  if (db === "sqlite" && replicas > 1) throw new Error("several replicas need --db postgres (SQLite is one file on one machine)");
  return { db, replicas };
}

async function main() {
  const chosen = options(process.argv.slice(2));
  if (!existsSync(".next/BUILD_ID")) {
    console.error("building the app…");
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0) throw new Error("next build failed");
  }
  if (chosen.db === "postgres") {
    const { runPostgres } = await import("./run-postgres");
    process.exitCode = (await runPostgres({ users: USERS, seconds: SECONDS, items: ITEMS, password: PASSWORD, replicas: chosen.replicas })) ? 0 : 1;
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-load-"));
  const file = path.join(dataDir, "verity.db");
  const bareFile = path.join(dataDir, "bare.db");
  try {
    console.error(`seeding ${ITEMS.toLocaleString("en")} queue items and ${USERS} annotators…`);
    const seed = await seedLoad(file, USERS, ITEMS, PASSWORD);
    copyFileSync(file, bareFile);
    const modelRunItems = MODEL_RUN_PHASE ? modelRunSamples(SECONDS) : 0;
    if (modelRunItems) await seedModelRunProject(dataDir, file, modelRunItems);
    console.error(`${USERS} annotators for ${SECONDS} s against the bare reference, then against Verity…`);
    const bare = await runBare(bareFile, seed, SECONDS, (tally) => checkDatabase(bareFile, seed, tally));
    const verity = await runVerity(dataDir, file, seed, modelRunItems);

    console.log(`load: ${USERS} annotators, no think time, ${SECONDS} s each, ${ITEMS.toLocaleString("en")} items (SQLite), ${os.cpus().length} cores, ${TWO_REQUESTS ? "two requests" : "one request"} per item`);
    report(bare);
    report(verity);
    const ratio = verity.tally.submitted.length / Math.max(1, bare.tally.submitted.length);
    console.log(`Verity / bare reference: ${ratio.toFixed(2)} of the throughput (goal >= 0.3)`);
    const floorOk = verity.floor ? reportFloor(verity.floor, bare.tally.submitted.length / bare.seconds) : true;
    const modelRunOk = verity.withModelRun ? reportModelRun(verity, verity.withModelRun) : true;
    const ok = bare.ok && verity.ok && floorOk && modelRunOk;
    console.log(ok ? "load: PASS" : "load: FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
