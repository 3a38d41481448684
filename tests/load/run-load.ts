// `npm run test:load`: 50 simulated annotators (VERITY_LOAD_USERS) claim, label and submit
// for several minutes (VERITY_LOAD_SECONDS, default 180) against a queue of 1M items
// (VERITY_LOAD_ITEMS), over HTTP on loopback against the production build, exactly as the
// review screen does it: POST Start, save the answer (server action), submit the claim.
// Then the database is checked: no errors, every acknowledged submission stored, no item
// over its overlap, nobody given an item twice. p50/p95/p99 per operation are printed.
// Not part of `npm test` (it runs for minutes); uses the existing .next build or makes one.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { AppServer, freePort } from "../e2e/fault/app-server";
import { seedLoad } from "./seed-load";

const USERS = Number(process.env.VERITY_LOAD_USERS ?? 50);
const SECONDS = Number(process.env.VERITY_LOAD_SECONDS ?? 180);
const ITEMS = Number(process.env.VERITY_LOAD_ITEMS ?? 1_000_000);
const PASSWORD = "load-test-password-1";

type Op = "claim" | "save" | "submit";
const latencies: Record<Op, number[]> = { claim: [], save: [], submit: [] };
const errors: string[] = [];
const submitted: { claimId: string; sampleId: string; user: string }[] = [];

const pct = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]! : NaN);

async function timed<T>(op: Op, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    latencies[op].push(performance.now() - started);
  }
}

// Fifty simultaneous sign-ins pass the server's scrypt budget (one check at a time, a short
// line); those turned away are told to try again, and do, as a person would.
async function signInRetrying(server: AppServer, email: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await server.signIn(email, PASSWORD);
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

async function annotator(server: AppServer, seed: Awaited<ReturnType<typeof seedLoad>>, email: string, until: number) {
  const cookie = await signInRetrying(server, email);
  while (Date.now() < until) {
    const started = await timed("claim", () =>
      fetch(`${server.base}/api/projects/${seed.projectId}/queues/${seed.queueId}/next`, { method: "POST", redirect: "manual", headers: { cookie, origin: server.base } }),
    );
    const location = new URL(started.headers.get("location") ?? "", server.base);
    const claimId = location.searchParams.get("claim");
    if (started.status !== 303 || !claimId) {
      errors.push(`claim: ${started.status} ${location}`);
      continue;
    }
    const sampleId = location.pathname.split("/").pop()!;
    const shift = submitted.length % 300;
    const box = [100 + shift, 100, 400 + shift, 260];
    const saved = await timed("save", () =>
      server.action(cookie, "lib/actions/grounding.ts", "saveGroundingAction", [
        { projectId: seed.projectId, sampleId, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } },
      ]),
    );
    if (saved.result?.ok !== true) {
      errors.push(`save: ${saved.raw.slice(0, 200)}`);
      continue;
    }
    const done = await timed("submit", () => server.action(cookie, "lib/actions/queues.ts", "submitClaimAction", [{ projectId: seed.projectId, claimId }]));
    if (done.result?.ok !== true) {
      errors.push(`submit: ${done.raw.slice(0, 200)}`);
      continue;
    }
    submitted.push({ claimId, sampleId, user: email });
  }
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) {
    console.error("building the app…");
    if (spawnSync("node_modules/.bin/next", ["build"], { stdio: "inherit" }).status !== 0) throw new Error("next build failed");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-load-"));
  const file = path.join(dataDir, "verity.db");
  try {
    console.error(`seeding ${ITEMS.toLocaleString("en")} queue items and ${USERS} annotators…`);
    const seed = await seedLoad(file, USERS, ITEMS, PASSWORD);
    const server = new AppServer(await freePort(), { VERITY_DATA_DIR: dataDir, DATABASE_URL: `file:${file}`, VERITY_LOGIN_MAX_ATTEMPTS: "100000" });
    await server.start();
    console.error(`${USERS} annotators for ${SECONDS} s…`);
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(seed.emails.map((email) => annotator(server, seed, email, until)));
    await server.stop();

    const db = new Database(file, { readonly: true });
    const overFull = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT "queueItemId" FROM "Claim" WHERE "status" IN ('active', 'submitted') GROUP BY "queueItemId" HAVING COUNT(*) > ?)`).get(seed.overlap) as { n: number };
    const twice = db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM "Claim" GROUP BY "queueItemId", "userId" HAVING COUNT(*) > 1)`).get() as { n: number };
    const stored = db.prepare(`SELECT COUNT(*) AS n FROM "Claim" WHERE "status" = 'submitted'`).get() as { n: number };
    const find = db.prepare(`SELECT c."status", a."status" AS answer FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "User" u ON u."id" = c."userId"
      LEFT JOIN "Annotation" a ON a."sampleId" = qi."sampleId" AND a."annotatorId" = c."userId" AND a."kind" = 'label' WHERE c."id" = ?`);
    const lost = submitted.filter((s) => {
      const row = find.get(s.claimId) as { status: string; answer: string | null } | undefined;
      return row?.status !== "submitted" || row.answer !== "submitted";
    });
    const integrity = db.pragma("integrity_check", { simple: true });
    db.close();

    const line = (op: Op) => `${op.padEnd(7)} n=${latencies[op].length}  p50 ${pct(latencies[op], 0.5).toFixed(1)} ms  p95 ${pct(latencies[op], 0.95).toFixed(1)} ms  p99 ${pct(latencies[op], 0.99).toFixed(1)} ms`;
    console.log(`load: ${USERS} annotators, ${SECONDS} s, ${ITEMS.toLocaleString("en")} items (SQLite), ${submitted.length} items submitted (${(submitted.length / SECONDS).toFixed(1)}/s)`);
    for (const op of ["claim", "save", "submit"] as const) console.log(`  ${line(op)}`);
    console.log(`  errors ${errors.length}, lost submissions ${lost.length}, items over overlap ${overFull.n}, items given twice to one person ${twice.n}, submitted claims stored ${stored.n}, integrity ${integrity}`);
    for (const error of errors.slice(0, 10)) console.log(`  error: ${error}`);
    const ok = errors.length === 0 && lost.length === 0 && overFull.n === 0 && twice.n === 0 && stored.n === submitted.length && integrity === "ok" && submitted.length > 0;
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
