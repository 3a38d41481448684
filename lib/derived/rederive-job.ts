import "server-only";
// The project-wide recompute, as a job with progress: queued when a setting the derived values
// depend on changes, and at start-up when the derivation code is newer than what a project's
// values were derived with. One job per project at a time; a second request while one waits
// is the same job (it derives whatever is stale when it runs).
import type { Db } from "@/lib/db";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { createJob, finishJob, reportProgress } from "@/lib/jobs/jobs";
import { countStale, rederiveStale } from "@/lib/derived/rederive-stale";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";


const ParamsSchema = z.object({ projectId: z.string().min(1), reason: z.string() });

export async function queueRederive(db: Db, projectId: string, reason: string, createdById: string | null) {
  const waiting = await db.job.findFirst({ where: { projectId, kind: "rederive", status: "queued" }, select: { id: true } });
  if (waiting) return waiting;
  return createJob(db, { projectId, kind: "rederive", params: { projectId, reason }, createdById });
}

/** The job still deriving this project's values, if any (for the screens' banner). */
export async function activeRederive(db: Db, projectId: string) {
  return db.job.findFirst({
    where: { projectId, kind: "rederive", status: { in: ["queued", "running"] } },
    orderBy: { createdAt: "asc" },
    select: { id: true, status: true, processed: true, total: true, progress: true },
  });
}

export async function runRederiveJob(db: Db, jobId: string): Promise<void> {
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  const { projectId, reason } = ParamsSchema.parse(job.params);
  const total = await countStale(db, projectId);
  await db.job.update({ where: { id: jobId }, data: { total } });
  const done = await rederiveStale(db, projectId, { onProgress: (processed) => reportProgress(db, jobId, processed, { reason }) });
  const report = { reason, samples: done.samples, trajectories: done.trajectories };
  await finishJob(db, jobId, { status: "succeeded", report });
  await recordAudit(db, { userId: job.createdById, projectId, action: "derived.recompute", targetType: "job", targetId: jobId, details: report });
}

/**
 * Start-up: a project whose values were derived by older code gets a new revision (its items
 * become stale) and a recompute job; so does a project left with stale items and no job (a
 * process stopped between a settings change and its job, or an import killed mid-batch). The
 * bump is conditional, so two processes starting together bump once.
 */
export async function ensureDerivationCurrent(db: Db): Promise<number> {
  const projects = await db.project.findMany({ select: { id: true, derivationCode: true, derivationRevision: true } });
  let queued = 0;
  for (const p of projects) {
    let reason: string | null = null;
    if (p.derivationCode < DERIVATION_CODE_VERSION) {
      const { count } = await db.project.updateMany({
        where: { id: p.id, derivationCode: { lt: DERIVATION_CODE_VERSION } },
        data: { derivationCode: DERIVATION_CODE_VERSION, derivationRevision: { increment: 1 } },
      });
      if (count === 1) reason = `derivation code version ${DERIVATION_CODE_VERSION}`;
    } else {
      // Two index ranges, not `not`: that reads every item of the project (rederive-stale.ts).
      const stale = { projectId: p.id, OR: [{ derivedRevision: { lt: p.derivationRevision } }, { derivedRevision: { gt: p.derivationRevision } }] };
      const hasStale = (await db.groundingSample.findFirst({ where: stale, select: { id: true } })) ?? (await db.trajectory.findFirst({ where: stale, select: { id: true } }));
      if (hasStale && !(await activeRederive(db, p.id))) reason = "items left stale";
    }
    if (reason) {
      await queueRederive(db, p.id, reason, null);
      queued += 1;
    }
  }
  return queued;
}
