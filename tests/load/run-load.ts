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
import { seedLoad, type LoadSeed } from "./seed-load";

const USERS = Number(process.env.VERITY_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.VERITY_LOAD_SECONDS ?? 180);
const ITEMS = Number(process.env.VERITY_LOAD_ITEMS ?? 1_000_000);
const PASSWORD = "load-test-password-1";
// The framework floor's phase, after Verity's (framework-floor.ts); 0 leaves it out.
const FLOOR_SECONDS = Number(process.env.VERITY_LOAD_FLOOR_SECONDS ?? Math.min(20, SECONDS));

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

async function runVerity(dataDir: string, file: string, seed: LoadSeed): Promise<RunResult & { floor: FloorResult | null }> {
  const profile = process.env.VERITY_LOAD_CPU_PROF;
  const server = new AppServer(
    await freePort(),
    { VERITY_DATA_DIR: dataDir, DATABASE_URL: `file:${file}`, VERITY_LOGIN_MAX_ATTEMPTS: "100000" },
    profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [],
  );
  await server.start();
  const cookies = await Promise.all(seed.emails.map((email) => signInRetrying(server, email, PASSWORD)));
  const tally = newTally();
  const cpuBefore = cpuMs(server.pid);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(cookies.map((cookie, i) => annotate(tally, verityClient(server, cookie, seed), seed.emails[i]!, until)));
  const serverCpuMs = cpuMs(server.pid) - cpuBefore;
  const floor = FLOOR_SECONDS > 0 ? await measureFrameworkFloor(server, floorRoutes(seed), USERS, FLOOR_SECONDS) : null;
  await server.stop();
  return { name: "Verity", tally, seconds: SECONDS, serverCpuMs, floor, ...checkDatabase(file, seed, tally) };
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
    console.error(`${USERS} annotators for ${SECONDS} s against the bare reference, then against Verity…`);
    const bare = await runBare(bareFile, seed, SECONDS, (tally) => checkDatabase(bareFile, seed, tally));
    const verity = await runVerity(dataDir, file, seed);

    console.log(`load: ${USERS} annotators, no think time, ${SECONDS} s each, ${ITEMS.toLocaleString("en")} items (SQLite), ${os.cpus().length} cores, ${TWO_REQUESTS ? "two requests" : "one request"} per item`);
    report(bare);
    report(verity);
    const ratio = verity.tally.submitted.length / Math.max(1, bare.tally.submitted.length);
    console.log(`Verity / bare reference: ${ratio.toFixed(2)} of the throughput (goal >= 0.3)`);
    const floorOk = verity.floor ? reportFloor(verity.floor, bare.tally.submitted.length / bare.seconds) : true;
    const ok = bare.ok && verity.ok && floorOk;
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
