// A job runs with its creator's rights as they are when it starts (issue 36 item 14: a job
// queued by an API token whose creator was then disabled still ran). Disabled, removed or
// demoted below admin in between: the job fails with that reason and its handler never runs.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importProject } from "./import-support";
import type { Db } from "@/lib/db";
import { claimJob, createJob, WORKER_ID } from "@/lib/jobs/jobs";
import { runHeldJob } from "@/lib/jobs/run-held-job";
import { setUserDisabled } from "@/lib/users/users";

async function admin(db: Db, projectId: string, name: string) {
  const user = await db.user.create({ data: { email: `${name}@jobs.test`, name } });
  await db.membership.create({ data: { projectId, userId: user.id, role: "admin" } });
  return user;
}

/** Queues a job as `createdById`, lets `change` happen while it waits, then starts it. */
async function queuedThenStarted(db: Db, projectId: string, createdById: string | null, change: () => Promise<unknown>) {
  const job = await createJob(db, { projectId, kind: "rederive", params: { projectId, reason: "test" }, createdById });
  await change();
  expect(await claimJob(db, job.id)).toBe(true);
  let handlerRan = false;
  const outcome = await runHeldJob(db, { id: job.id, kind: "rederive" }, WORKER_ID, async (d, id) => {
    handlerRan = true;
    await d.job.update({ where: { id }, data: { status: "succeeded", lockedBy: null, lockedUntil: null } });
  }).then(() => "returned", (e: unknown) => (e instanceof Error ? e.message : String(e)));
  return { handlerRan, outcome, job: await db.job.findUniqueOrThrow({ where: { id: job.id } }) };
}

describe.each(PROVIDERS)("a job's creator checked when it starts (%s)", (provider) => {
  it("runs for an admin still in place and for the server's own jobs; fails, unrun, for a creator disabled, removed or demoted since", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db, "creator-checks");
    const ada = await admin(db, projectId, "Ada");
    const kept = await queuedThenStarted(db, projectId, ada.id, async () => undefined);
    expect(kept).toMatchObject({ handlerRan: true, outcome: "returned", job: { status: "succeeded" } });
    expect(await queuedThenStarted(db, projectId, null, async () => undefined)).toMatchObject({ handlerRan: true, job: { status: "succeeded" } });

    const bob = await admin(db, projectId, "Bob");
    const disabled = await queuedThenStarted(db, projectId, bob.id, () => setUserDisabled(db, bob.id, true));
    expect(disabled).toMatchObject({ handlerRan: false, job: { status: "failed", error: "Bob, who queued this job, has been disabled since; the job was not run." } });

    const cy = await admin(db, projectId, "Cy");
    const demoted = await queuedThenStarted(db, projectId, cy.id, () => db.membership.updateMany({ where: { userId: cy.id }, data: { role: "reviewer" } }));
    expect(demoted).toMatchObject({ handlerRan: false, job: { status: "failed", error: "Cy, who queued this job, is no longer an admin of this project; the job was not run." } });

    const di = await admin(db, projectId, "Di");
    const removed = await queuedThenStarted(db, projectId, di.id, () => db.membership.deleteMany({ where: { userId: di.id } }));
    expect(removed).toMatchObject({ handlerRan: false, job: { status: "failed", error: expect.stringMatching(/no longer an admin/) } });
  });
});
