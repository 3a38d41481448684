// The job worker on real databases: several loops never run one job twice, a failing handler
// ends its job as failed, and a worker killed with SIGKILL mid-import has its job taken over
// by another worker process once the lock expires, ending with the same rows as an import
// that was never interrupted.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db";
import { createImportJob } from "@/lib/imports/import-job";
import { startWorkerLoop } from "@/lib/jobs/worker-loop";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto } from "./import-support";

const scratchRoot = mkdtempSync(path.join(os.tmpdir(), "verity-worker-test-"));
const children: ChildProcess[] = [];
const outputs = new Map<ChildProcess, () => string>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(scratchRoot, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// What the workers are doing, as one comparable string: each job's state, rows processed,
// attempts, holder and lock deadline (which a live worker's heartbeat moves forward).
type Progress = () => Promise<string>;
const jobsProgress = (db: Db): Progress => async () =>
  JSON.stringify(await db.job.findMany({ orderBy: { id: "asc" }, select: { status: true, processed: true, attempts: true, lockedBy: true, lockedUntil: true } }));

// Waits as long as the work moves (a loaded machine is slow, not stuck): gives up, saying what
// the workers printed, only after STALL_MS with no change in `progress`. The tests' own timeout
// (WAIT_BOUND) is only an outer bound (issue 36 item 30: a takeover still running at a fixed
// deadline failed on a 2-core machine at load ~14).
const STALL_MS = 60_000;
const WAIT_BOUND = 15 * 60_000;
async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, progress: Progress | null): Promise<T> {
  let last = progress ? await progress() : "";
  let movedAt = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    const now = progress ? await progress() : last;
    if (now !== last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > STALL_MS) {
      const printed = children.map((child) => `--- worker ${child.pid} (exit ${child.exitCode ?? child.signalCode ?? "running"}):\n${outputs.get(child)?.() ?? ""}`);
      throw new Error(`waiting for ${what}: nothing moved for ${STALL_MS / 1000} s (last state ${last})\n${printed.join("\n")}`);
    }
    await sleep(25);
  }
}

async function queueTestJobs(db: Db, projectId: string, kind: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await db.job.create({ data: { projectId, kind, params: { i } } })).id);
  return ids;
}

// ScreenSpot-Pro meta records, enough that an import runs for a few seconds.
async function writeScreenSpotPro(file: string, n: number, from = 0) {
  const out = createWriteStream(file);
  out.write("[");
  for (let i = from; i < from + n; i++) {
    const record = {
      id: `pro-${i}`,
      img_filename: `shot-${i % 500}.png`,
      img_size: [3840, 2160],
      bbox: [100 + (i % 3000), 200 + (i % 1500), 180 + (i % 3000), 260 + (i % 1500)],
      instruction: `Open the menu item number ${i}`,
      ui_type: i % 2 ? "icon" : "text",
      platform: "windows",
      application: `app-${i % 37}`,
      gt_type: i % 10 === 0 ? "negative" : "positive",
    };
    if (!out.write(`${i > from ? "," : ""}\n${JSON.stringify(record)}`)) await once(out, "drain");
  }
  out.end("\n]\n");
  await once(out, "finish");
}

// lockMs: short where a takeover is the point; the default 60 s elsewhere, since a worker
// starved of CPU for longer than its lock (two cores, shared) is legitimately taken over.
function startWorkerProcess(databaseUrl: string, dataDir: string, lockMs = 60_000): ChildProcess {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "bin/worker.ts"], {
    cwd: path.resolve("."),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      VERITY_DATA_DIR: dataDir,
      VERITY_JOB_LOCK_MS: String(lockMs),
      VERITY_WORKER_POLL_MS: "200",
      CHECKPOINT_DISABLE: "1",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGKILL") console.error(`worker exited ${code ?? signal}:\n${output}`);
  });
  outputs.set(child, () => output);
  children.push(child);
  return child;
}

/** Once a worker has said it started, its SIGTERM handler is in place (bin/worker.ts sets it in
 * the same tick): a SIGTERM before that ends the process by the signal, not by a clean stop. */
async function workerStarted(child: ChildProcess): Promise<void> {
  const printed = async () => outputs.get(child)?.() ?? "";
  await waitFor("the worker to start", async () => (await printed()).includes(" started on "), printed);
}

async function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  return { code, signal };
}

const sampleRows = (db: Db) =>
  db.groundingSample.findMany({
    select: { sourceId: true, instruction: true, imageRef: true, targetAbsent: true, boxX1: true, boxY1: true, boxX2: true, boxY2: true, contentHash: true, app: true },
    orderBy: { sourceId: "asc" },
  });

describe.each(PROVIDERS)("job worker on %s", { timeout: WAIT_BOUND }, (provider) => {
  it("runs each of many queued jobs exactly once across two worker loops", async () => {
    const { db, url } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "w", name: "W", settings: {} } });
    const ids = await queueTestJobs(db, project.id, "test-echo", 16);
    const runs: { jobId: string; worker: string }[] = [];
    // PostgreSQL: a connection pool each. SQLite: one connection in one process, since
    // better-sqlite3 waits for a lock synchronously, which would stall the loop holding it;
    // separate processes on SQLite are covered by the next test.
    const connections = provider === "postgres" ? [createDb(url), createDb(url)] : [createDb(url)];
    const loops = [0, 1].map((i) =>
      startWorkerLoop({
        db: connections[i % connections.length]!,
        workerId: `test-worker-${i}`,
        maxIdleMs: 100,
        handlers: {
          "test-echo": async (_db, jobId) => {
            runs.push({ jobId, worker: `test-worker-${i}` });
            await sleep(20);
          },
        },
      }),
    );
    try {
      await waitFor("every job to succeed", async () => (await db.job.count({ where: { status: "succeeded" } })) === ids.length, jobsProgress(db));
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
      await Promise.all(connections.map((c) => c.$disconnect()));
    }
    expect(runs.map((r) => r.jobId).sort()).toEqual([...ids].sort());
    const jobs = await db.job.findMany();
    expect(jobs.every((j) => j.attempts === 1 && j.status === "succeeded" && j.progress === 1 && j.lockedBy === null)).toBe(true);
  });

  it("runs each of several import jobs exactly once across two worker processes", async () => {
    const dir = mkdtempSync(path.join(scratchRoot, `${provider}-many-`));
    const { db, url } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "many", name: "Many", settings: {} } });
    const jobIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const file = path.join(dir, `part-${i}.json`);
      await writeScreenSpotPro(file, 200, i * 200);
      jobIds.push((await createImportJob(db, project.id, null, { target: file, scratch: path.join(dir, `scratch-${i}`), format: "screenspot-pro" })).id);
    }
    const workers = [startWorkerProcess(url, path.join(dir, "data")), startWorkerProcess(url, path.join(dir, "data"))];
    await waitFor("every import to succeed", async () => {
      const jobs = await db.job.findMany({ select: { status: true, error: true, attempts: true, processed: true } });
      if (jobs.some((j) => j.status === "failed")) throw new Error(`an import failed: ${JSON.stringify(jobs)}`);
      return jobs.every((j) => j.status === "succeeded");
    }, jobsProgress(db));
    // One worker may have taken every job while the other was still starting (a loaded machine):
    // each is stopped once it runs, as an operator's SIGTERM would find it.
    for (const worker of workers) await workerStarted(worker);
    for (const worker of workers) worker.kill("SIGTERM");
    for (const worker of workers) expect(await exited(worker)).toEqual({ code: 0, signal: null });

    const jobs = await db.job.findMany({ where: { kind: "import" } });
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(jobIds.map(() => ["succeeded", 1]));
    const finished = await db.auditLog.findMany({ where: { action: "import.finish" }, select: { targetId: true } });
    expect(finished.map((a) => a.targetId).sort()).toEqual([...jobIds].sort());
    expect(await db.groundingSample.count()).toBe(1200);
  });

  it("ends a job whose handler throws as failed with its message, and goes on with the next", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "w", name: "W", settings: {} } });
    const [bad, good] = [
      (await db.job.create({ data: { projectId: project.id, kind: "test-fail", params: {} } })).id,
      (await db.job.create({ data: { projectId: project.id, kind: "test-ok", params: {} } })).id,
    ];
    const loop = startWorkerLoop({
      db,
      maxIdleMs: 100,
      handlers: {
        "test-fail": async () => {
          throw new Error("the pool target is unreachable");
        },
        "test-ok": async () => undefined,
      },
    });
    try {
      await waitFor("the good job to succeed", async () => (await db.job.findUnique({ where: { id: good } }))?.status === "succeeded", jobsProgress(db));
    } finally {
      await loop.stop();
    }
    expect(await db.job.findUnique({ where: { id: bad } })).toMatchObject({
      status: "failed",
      error: "The test-fail job failed: the pool target is unreachable",
      lockedBy: null,
    });
  });

  it("hands a job it cannot finish within the grace period back on stop, and another worker takes it at once", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "w", name: "W", settings: {} } });
    const [id] = await queueTestJobs(db, project.id, "test-slow", 1);
    let release: (() => void) | null = null;
    const first = startWorkerLoop({
      db,
      workerId: "stopping-worker",
      maxIdleMs: 100,
      handlers: { "test-slow": () => new Promise<void>((resolve) => (release = resolve)) },
    });
    await waitFor("the handler to start", async () => release !== null, jobsProgress(db));
    await first.stop(200);
    expect(await db.job.findUnique({ where: { id: id! } })).toMatchObject({ status: "running", lockedBy: null });

    const second = startWorkerLoop({ db, workerId: "next-worker", maxIdleMs: 100, handlers: { "test-slow": async () => undefined } });
    try {
      await waitFor("the job to be taken over", async () => (await db.job.findUnique({ where: { id: id! } }))?.status === "succeeded", jobsProgress(db));
    } finally {
      await second.stop();
      release!();
    }
    expect(await db.job.findUnique({ where: { id: id! } })).toMatchObject({ attempts: 2, status: "succeeded" });
  });

  it("stops cleanly when asked while a claim is in flight, giving that job back as never attempted", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "w", name: "W", settings: {} } });
    const ids = await queueTestJobs(db, project.id, "test-never", 3);
    const ran: string[] = [];
    const loop = startWorkerLoop({ db, maxIdleMs: 100, handlers: { "test-never": async (_db, jobId) => void ran.push(jobId) } });
    // Stopped at once: whatever the loop claimed in the meantime is handed back unstarted.
    await loop.stop();
    const jobs = await db.job.findMany({ where: { id: { notIn: ran } } });
    expect(jobs).toHaveLength(ids.length - ran.length);
    expect(jobs.every((j) => j.status === "queued" && j.attempts === 0 && j.lockedBy === null)).toBe(true);
  });

  it("leaves jobs of kinds it has no handler for to other workers", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "w", name: "W", settings: {} } });
    const [other] = await queueTestJobs(db, project.id, "test-other", 1);
    const [mine] = await queueTestJobs(db, project.id, "test-mine", 1);
    const loop = startWorkerLoop({ db, maxIdleMs: 100, handlers: { "test-mine": async () => undefined } });
    try {
      await waitFor("its own job", async () => (await db.job.findUnique({ where: { id: mine! } }))?.status === "succeeded", jobsProgress(db));
    } finally {
      await loop.stop();
    }
    expect(await db.job.findUnique({ where: { id: other! } })).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("resumes an import whose worker process was killed midway, with the rows of an uninterrupted run", async () => {
    const dir = mkdtempSync(path.join(scratchRoot, `${provider}-`));
    const records = path.join(dir, "meta.json");
    // Enough rows that the import is still running when the first batch shows up in the job
    // row (PostgreSQL writes them more slowly than SQLite).
    const total = provider === "sqlite" ? 40_000 : 15_000;
    await writeScreenSpotPro(records, total);

    const { db, url } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "crash", name: "Crash", settings: {} } });
    const job = await createImportJob(db, project.id, null, { target: records, scratch: path.join(dir, "scratch"), format: "screenspot-pro" });

    const first = startWorkerProcess(url, path.join(dir, "data"), 1500);
    const midway = await waitFor("the first batch to be written", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status !== "running" && row.status !== "queued") throw new Error(`the job ended (${row.status}) before it could be killed`);
      return row.processed >= 1000 ? row : null;
    }, jobsProgress(db));
    first.kill("SIGKILL");
    expect(await exited(first)).toEqual({ code: null, signal: "SIGKILL" });
    const afterKill = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(afterKill.status).toBe("running");
    expect(afterKill.processed).toBeLessThan(total);
    expect(midway.attempts).toBe(1);
    const partial = await db.groundingSample.count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);

    const second = startWorkerProcess(url, path.join(dir, "data"), 1500);
    const done = await waitFor("the job to be taken over and finished", async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      if (row.status === "failed") throw new Error(`the resumed job failed: ${row.error}`);
      return row.status === "succeeded" ? row : null;
    }, jobsProgress(db));
    second.kill("SIGTERM");
    expect(await exited(second)).toEqual({ code: 0, signal: null });
    expect(done.attempts).toBe(2);
    expect(done.lockedBy).toBeNull();

    const reference = await freshDatabase(provider);
    const referenceProject = await reference.db.project.create({ data: { slug: "crash", name: "Crash", settings: {} } });
    await importInto(reference.db, referenceProject.id, records, { format: "screenspot-pro" });
    const [resumed, uninterrupted] = [await sampleRows(db), await sampleRows(reference.db)];
    expect(resumed).toHaveLength(total);
    expect(resumed).toEqual(uninterrupted);
  });
});
