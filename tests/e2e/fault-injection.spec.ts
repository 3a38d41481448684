// Fault injection against the production build run as its own process: kill -9 in the middle
// of a burst of saves, then restart on the same data (SQLite and PostgreSQL); PostgreSQL
// stopped under load and started again. Each case gets its own data dir, database and port.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { expect, test } from "@playwright/test";
import { AppServer, freePort, seedFaultData, type AppEnv } from "./fault/app-server";
import { formData } from "./authz/client";
import { databaseIn, startOwnPostgres, type OwnPostgres } from "./fault/throwaway-pg";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PASSWORD = "fault-injection-password-1";

let pg: OwnPostgres;
const dirs: string[] = [];
test.beforeAll(() => {
  pg = startOwnPostgres();
});
test.afterAll(() => {
  pg?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function environment(provider: "sqlite" | "postgres"): Promise<AppEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-fault-"));
  dirs.push(dataDir);
  const url = provider === "sqlite" ? `file:${path.join(dataDir, "verity.db")}` : await databaseIn(pg, `fault_${Date.now().toString(36)}`);
  return { VERITY_DATA_DIR: dataDir, DATABASE_URL: url };
}

// The box of save number n encodes n, so the stored row says which save it came from.
const payloadFor = (n: number) => ({ targetAbsent: false, box: [n, n, n + 10, n + 10], instructionRewrite: null, qualityScore: null, note: null });

type Stored = { sampleId: string; version: number; boxX1: number };

async function storedAnswers(appEnv: AppEnv): Promise<Stored[]> {
  const sql = `SELECT "sampleId", "version", "boxX1" FROM "Annotation" WHERE "kind" = 'label'`;
  if (appEnv.DATABASE_URL.startsWith("file:")) {
    const db = new Database(appEnv.DATABASE_URL.slice(5), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
      return db.prepare(sql).all() as Stored[];
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: appEnv.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Stored>(sql)).rows;
  } finally {
    await client.end();
  }
}

for (const provider of ["sqlite", "postgres"] as const) {
  test(`kill -9 during a burst of saves keeps every acknowledged save (${provider})`, async () => {
    const appEnv = await environment(provider);
    const seed = seedFaultData(appEnv, PASSWORD, 24);
    const server = new AppServer(await freePort(), appEnv);
    await server.start();
    const cookie = await server.signIn(seed.email, PASSWORD);

    // One writer per sample, each saving on top of its last acknowledged version as fast as
    // it can; the server is killed while they run.
    const acknowledged = new Map<string, number>(); // sampleId -> last acknowledged save n (== version)
    let crashed = false;
    const writer = async (sampleId: string) => {
      for (let n = 1; !crashed; n++) {
        try {
          const saved = await server.saveAnswer(cookie, { projectId: seed.projectId, sampleId, baseVersion: n === 1 ? null : n - 1, status: "draft", payload: payloadFor(n) });
          if (saved.result?.ok !== true) throw new Error(`save refused: ${saved.raw.slice(0, 200)}`);
          acknowledged.set(sampleId, n);
        } catch (error) {
          if (crashed) return;
          throw error;
        }
      }
    };
    const writers = seed.sampleIds.map(writer);
    // Crash in full flow: once every writer has had a few saves acknowledged (a cold server
    // on a busy machine can take seconds for the first ones).
    const acknowledgedSaves = () => [...acknowledged.values()].reduce((a, b) => a + b, 0);
    for (let waited = 0; acknowledgedSaves() < seed.sampleIds.length * 3 && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    crashed = true;
    await server.crash();
    await Promise.all(writers);
    expect(acknowledgedSaves(), "saves acknowledged before the crash").toBeGreaterThan(seed.sampleIds.length);

    await server.start();
    const rows = new Map((await storedAnswers(appEnv)).map((r) => [r.sampleId, r]));
    for (const [sampleId, n] of acknowledged) {
      const row = rows.get(sampleId);
      expect(row, `sample ${sampleId}: acknowledged save ${n} is missing`).toBeDefined();
      // The save in flight at the crash may or may not have landed; nothing older may remain.
      expect([n, n + 1], `sample ${sampleId}`).toContain(row!.version);
      expect(row!.boxX1, `sample ${sampleId}: the row holds the answer of its version`).toBe(row!.version);
    }
    // The restarted server takes the next save on top of what is stored.
    const [firstId] = seed.sampleIds;
    const cookieAfter = await server.signIn(seed.email, PASSWORD);
    const next = await server.saveAnswer(cookieAfter, { projectId: seed.projectId, sampleId: firstId!, baseVersion: rows.get(firstId!)!.version, status: "draft", payload: payloadFor(rows.get(firstId!)!.version + 1) });
    expect(next.result?.ok, next.raw.slice(0, 300)).toBe(true);
    await server.stop();
  });
}

test("PostgreSQL stopped under load: requests fail with a clear error and succeed again after it returns", async ({ browser }) => {
  const appEnv = await environment("postgres");
  const seed = seedFaultData(appEnv, PASSWORD, 4);
  const server = new AppServer(await freePort(), appEnv);
  await server.start();
  const cookie = await server.signIn(seed.email, PASSWORD);
  const save = (n: number) => server.saveAnswer(cookie, { projectId: seed.projectId, sampleId: seed.sampleIds[0]!, baseVersion: n === 1 ? null : n - 1, status: "draft", payload: payloadFor(n) });
  expect((await save(1)).result?.ok).toBe(true);

  pg.pause();
  try {
    const during = await save(2);
    expect(during.result?.ok, "a save while the database is down").toBe(false);
    expect(String(during.result?.error)).toMatch(/database|unavailable|try again/i);
    const context = await browser.newContext();
    await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.split("=")[0]!, value: pair.slice(pair.indexOf("=") + 1), url: server.base })));
    const page = await context.newPage();
    const response = await page.goto(`${server.base}/projects`);
    expect(response?.status(), "a page while the database is down").toBeGreaterThanOrEqual(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText(/database is unavailable/)).toBeVisible();
    await context.close();
  } finally {
    pg.resume();
  }
  await expect.poll(async () => (await save(2)).result?.ok, { timeout: 30_000, message: "saves work again once PostgreSQL is back" }).toBe(true);
  const rows = await storedAnswers(appEnv);
  expect(rows.map((r) => r.version)).toEqual([2]);
  await server.stop();
});

test("kill -9 during an import, then restart: the job is taken over and finishes, and the database is intact", async () => {
  const appEnv = await environment("sqlite");
  const seed = seedFaultData(appEnv, PASSWORD, 1);
  // A short job lock so the restarted server takes the abandoned job over within seconds.
  const server = new AppServer(await freePort(), { ...appEnv, VERITY_JOB_LOCK_MS: "3000", VERITY_WORKER_POLL_MS: "200" });
  await server.start();
  const cookie = await server.signIn(seed.email, PASSWORD);
  const made = await server.action(cookie, "lib/actions/tokens.ts", "createTokenAction", [null, formData({ projectId: seed.projectId, name: "fault", role: "admin" })]);
  const token = made.result?.secret as string;
  expect(token, made.raw.slice(0, 300)).toBeTruthy();

  const lines = 40_000;
  const body = Array.from({ length: lines }, (_, i) =>
    JSON.stringify({ type: "sample", id: `imp-${i}`, dataset: "fault-import", image: null, image_size: [100, 50], instruction: `Press ${i}`, box: [10, 10, 40, 30] }),
  ).join("\n");
  const started = await fetch(`${server.base}/api/v1/projects/${seed.projectId}/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    body,
  });
  expect(started.status).toBe(202);
  const { jobId } = (await started.json()) as { jobId: string };
  const job = async () => (await (await fetch(`${server.base}/api/v1/projects/${seed.projectId}/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { job: { status: string; processed: number } };
  await expect.poll(async () => (await job()).job.processed, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0);
  await server.crash();

  const file = appEnv.DATABASE_URL.slice(5);
  const midway = new Database(file, { readonly: true });
  expect(midway.pragma("integrity_check", { simple: true })).toBe("ok");
  const before = (midway.prepare(`SELECT COUNT(*) AS n FROM "GroundingSample" WHERE "sourceDataset" = 'fault-import'`).get() as { n: number }).n;
  midway.close();
  expect(before, "the crash came before the import finished").toBeLessThan(lines);

  await server.start();
  await expect.poll(async () => (await job()).job.status, { timeout: 120_000, intervals: [500] }).toBe("succeeded");
  const after = new Database(file, { readonly: true });
  expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
  expect((after.prepare(`SELECT COUNT(*) AS n FROM "GroundingSample" WHERE "sourceDataset" = 'fault-import'`).get() as { n: number }).n).toBe(lines);
  expect((after.prepare(`SELECT COUNT(DISTINCT "sourceId") AS n FROM "GroundingSample" WHERE "sourceDataset" = 'fault-import'`).get() as { n: number }).n).toBe(lines);
  after.close();
  await server.stop();
});

test("kill -9 during an export: no snapshot is visible, and the export finishes after the restart", async () => {
  test.setTimeout(360_000);
  const appEnv = await environment("sqlite");
  // Enough rows that the export is still writing when its first progress report arrives.
  const rows = 250_000;
  const seed = seedFaultData(appEnv, PASSWORD, 1, rows);
  const server = new AppServer(await freePort(), { ...appEnv, VERITY_JOB_LOCK_MS: "3000", VERITY_WORKER_POLL_MS: "200" });
  await server.start();
  const cookie = await server.signIn(seed.email, PASSWORD);
  const poolDir = path.join(appEnv.VERITY_DATA_DIR, "pools", "grounding");
  const made = await server.action(cookie, "lib/actions/pools.ts", "createPoolAction", [
    null,
    formData({ projectId: seed.projectId, name: "grounding", kind: "grounding", profile: "ms-swift", targetType: "local", targetUri: poolDir, imageMode: "absolute" }),
  ]);
  expect(made.result?.ok, made.raw.slice(0, 300)).toBe(true);
  const poolId = (new Database(appEnv.DATABASE_URL.slice(5), { readonly: true }).prepare(`SELECT "id" FROM "Pool"`).get() as { id: string }).id;
  const started = await server.action(cookie, "lib/actions/pools.ts", "startExportAction", [{ projectId: seed.projectId, poolId, mode: "full" }]);
  expect(started.result?.ok, started.raw.slice(0, 300)).toBe(true);
  const jobId = started.result!.jobId as string;
  const job = async () => (await (await fetch(`${server.base}/api/projects/${seed.projectId}/jobs/${jobId}`, { headers: { cookie } })).json()) as { job: { status: string; processed: number } };
  await expect.poll(async () => (await job()).job.processed, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(0);
  await server.crash();

  // Midway: only a temporary directory, no snapshot a reader would take, no `latest`.
  const snapshots = path.join(poolDir, "snapshots");
  const visible = () => (existsSync(snapshots) ? readdirSync(snapshots).filter((name) => !name.startsWith(".")) : []);
  expect(visible(), "a snapshot is visible after the crash").toEqual([]);
  expect(existsSync(path.join(poolDir, "latest"))).toBe(false);

  await server.start();
  try {
    await expect.poll(async () => (await job()).job.status, { timeout: 240_000, intervals: [500] }).toBe("succeeded");
  } catch (error) {
    console.error(`server log after the restart:\n${server.stderr.slice(-4000)}\njob: ${JSON.stringify(await job())}`);
    throw error;
  }
  const [id] = visible();
  expect(visible()).toHaveLength(1);
  expect(readFileSync(path.join(poolDir, "latest"), "utf8")).toBe(id);
  const manifest = JSON.parse(readFileSync(path.join(snapshots, id!, "manifest.json"), "utf8")) as { files: { name: string; sha256: string; bytes: number }[] };
  for (const file of manifest.files) {
    const bytes = readFileSync(path.join(snapshots, id!, file.name));
    expect(bytes.length, file.name).toBe(file.bytes);
    expect(createHash("sha256").update(bytes).digest("hex"), file.name).toBe(file.sha256);
  }
  const lines = readFileSync(path.join(snapshots, id!, manifest.files.find((f) => f.name.endsWith(".jsonl"))!.name), "utf8").trim().split("\n");
  expect(lines).toHaveLength(rows);
  await server.stop();
});
