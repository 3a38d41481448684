// One project cannot starve the others of the job worker: a claim takes the waiting project
// that was served least recently (not the globally oldest job), a worker's slots never all run
// one project's jobs, and a project may have only so many jobs waiting.
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { claimNextJob, createJob, finishJob } from "@/lib/jobs/jobs";
import { startWorkerLoop } from "@/lib/jobs/worker-loop";
import { queueRederive } from "@/lib/derived/rederive-job";
import { freshDatabase, PROVIDERS } from "./databases";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function projects(db: Db) {
  const a = await db.project.create({ data: { slug: "a", name: "A", settings: {} } });
  const b = await db.project.create({ data: { slug: "b", name: "B", settings: {} } });
  return { a: a.id, b: b.id };
}

async function queue(db: Db, projectId: string, label: string, kind = "test-fair") {
  // Distinct creation times, oldest first, whatever the clock's resolution.
  await sleep(5);
  return (await db.job.create({ data: { projectId, kind, params: { label } } })).id;
}

describe.each(PROVIDERS)("fair job scheduling on %s", (provider) => {
  it("serves the project that waited longest since it was last served, not the oldest job", async () => {
    const { db } = await freshDatabase(provider);
    const { a, b } = await projects(db);
    const labels = new Map<string, string>();
    for (const label of ["a1", "a2", "a3"]) labels.set(await queue(db, a, label), label);
    labels.set(await queue(db, b, "b1"), "b1");
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await claimNextJob(db, "w", ["test-fair"]);
      order.push(labels.get(job!.id)!);
      await finishJob(db, job!.id, { status: "succeeded" });
    }
    expect(order).toEqual(["a1", "b1", "a2", "a3"]);
    expect(await claimNextJob(db, "w", ["test-fair"])).toBeNull();
  });

  it("skips the projects a worker's other slots are running", async () => {
    const { db } = await freshDatabase(provider);
    const { a, b } = await projects(db);
    await queue(db, a, "a1");
    await queue(db, a, "a2");
    const b1 = await queue(db, b, "b1");
    const first = await claimNextJob(db, "w", ["test-fair"]);
    expect(first!.projectId).toBe(a);
    expect((await claimNextJob(db, "w", ["test-fair"], { exceptProjects: [a] }))!.id).toBe(b1);
    expect(await claimNextJob(db, "w", ["test-fair"], { exceptProjects: [a, b] })).toBeNull();
  });

  it("a worker with two slots starts another project's job while the first project's long job runs", async () => {
    const { db } = await freshDatabase(provider);
    const { a, b } = await projects(db);
    const ids = [await queue(db, a, "a1", "test-block"), await queue(db, a, "a2", "test-block"), await queue(db, a, "a3", "test-block"), await queue(db, b, "b1", "test-block")];
    const started: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const loop = startWorkerLoop({
      db,
      workerId: "w",
      maxIdleMs: 100,
      concurrency: 2,
      handlers: {
        "test-block": async (_db, jobId) => {
          started.push(jobId);
          await released;
        },
      },
    });
    try {
      for (let i = 0; i < 2_000 && started.length < 2; i++) await sleep(25);
      expect([...started].sort(), "the two jobs running at once").toEqual([ids[0], ids[3]].sort());
      release();
      for (let i = 0; i < 2_000 && (await db.job.count({ where: { status: "succeeded" } })) < 4; i++) await sleep(25);
    } finally {
      release();
      await loop.stop();
    }
    expect(await db.job.count({ where: { status: "succeeded" } })).toBe(4);
    expect(started.slice(2).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it("refuses a project's next job while it already has the maximum waiting; other projects are unaffected", async () => {
    const { db } = await freshDatabase(provider);
    const { a, b } = await projects(db);
    for (let i = 0; i < 10; i++) await createJob(db, { projectId: a, kind: "import", params: { i }, createdById: null });
    await expect(createJob(db, { projectId: a, kind: "import", params: { i: 10 }, createdById: null })).rejects.toThrow(/10 jobs waiting/);
    await expect(createJob(db, { projectId: b, kind: "import", params: {}, createdById: null })).resolves.toBeTruthy();
    // A job held by its own process from the start (the CLI) never waits in the queue.
    await expect(createJob(db, { projectId: a, kind: "import", params: {}, createdById: null, claimedBy: "cli" })).resolves.toBeTruthy();
    // The system's own re-derivation is never refused by a full queue (a worker starting up
    // queues one per stale project, and one refusal stopped the worker), and stays one per project.
    const first = await queueRederive(db, a, "derivation code version", null);
    expect(await queueRederive(db, a, "again", null)).toMatchObject({ id: first.id });
  });
});
