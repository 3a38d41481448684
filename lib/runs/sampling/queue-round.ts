import "server-only";
// A round of the sample, drawn and queued: the first draw, or exactly the episodes "How many
// more?" asked for. The round's episodes not verified yet go into an ordinary queue (members,
// overlap, lease and honeypots as the admin sets them, lib/queues); those a person already
// verified need nobody's time and are only counted. The queue is checked before anything is
// drawn (its members, its name) so a refused queue never leaves a round without one.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saidError } from "@/lib/errors/said-error";
import { planAdditional } from "@/lib/domain/estimates/sample-plan";
import { createListQueue } from "@/lib/queues/create-list-queue";
import { checkNewQueue, QueueSettingsShape } from "@/lib/queues/new-queue";
import { drawFirstRound, drawMoreRound, findRun, type DrawFirstInput, type DrawnRound } from "@/lib/runs/sampling/draw-sample";
import { loadRunSample } from "@/lib/runs/sampling/run-sample";
import { humanOutcomeOf } from "@/lib/runs/sampling/human-outcome";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

export const RoundQueueSchema = z.object({
  overlap: QueueSettingsShape.overlap,
  leaseSeconds: QueueSettingsShape.leaseSeconds,
  memberIds: QueueSettingsShape.memberIds,
  honeypotRate: QueueSettingsShape.honeypotRate,
});
export type RoundQueue = z.infer<typeof RoundQueueSchema>;

export type QueuedRound = { round: number; drawn: number; queued: number; alreadyVerified: number; queue: { id: string; name: string } | null };

async function freeQueueName(db: Db, projectId: string, base: string): Promise<string> {
  for (let i = 1; i < 100; i++) {
    const name = (i === 1 ? base : `${base} (${i})`).slice(0, 100);
    if (!(await db.queue.count({ where: { projectId, name } }))) return name;
  }
  throw saidError("conflict", "checks.tooManyQueueNames", { base });
}

async function queueRound(db: Db, access: ProjectAccess, drawn: DrawnRound, queue: RoundQueue, name: string): Promise<QueuedRound> {
  const rows = await db.trajectory.findMany({ where: { projectId: access.projectId, id: { in: drawn.drawnIds } }, select: { id: true, status: true, humanVerdict: true } });
  const verified = new Set(rows.filter((t) => humanOutcomeOf(t) !== null).map((t) => t.id));
  const toVerify = drawn.drawnIds.filter((id) => !verified.has(id));
  if (toVerify.length === 0) return { round: drawn.round, drawn: drawn.drawnIds.length, queued: 0, alreadyVerified: verified.size, queue: null };
  const { queue: made, itemCount } = await createListQueue(db, access, {
    ...queue,
    name,
    itemType: "trajectory",
    itemIds: toVerify,
    selection: { verificationSample: { sampleId: drawn.sampleId, round: drawn.round } },
  });
  await db.verificationRound.update({ where: { sampleId_round: { sampleId: drawn.sampleId, round: drawn.round } }, data: { queueId: made.id } });
  return { round: drawn.round, drawn: drawn.drawnIds.length, queued: itemCount, alreadyVerified: verified.size, queue: { id: made.id, name: made.name } };
}

export async function drawFirstAndQueue(db: Db, access: ProjectAccess, input: DrawFirstInput, queue: RoundQueue): Promise<QueuedRound> {
  const run = await findRun(db, access.projectId, input.runId);
  const name = await freeQueueName(db, access.projectId, `${run.name} · sample round 1`);
  await checkNewQueue(db, access.projectId, { name, memberIds: queue.memberIds });
  const drawn = await drawFirstRound(db, access, input);
  return queueRound(db, access, drawn, queue, name);
}

export const DrawMoreRequestSchema = z.object({
  runId: RowIdSchema,
  // Half-width in rate units (0.03 = ±3 points).
  targetHalfWidth: z.number().gt(0).max(0.5),
  // What the page said: the round is drawn only if the plan still says the same.
  expected: z.number().int().min(1),
});
export type DrawMoreRequest = z.infer<typeof DrawMoreRequestSchema>;

export async function drawMoreAndQueue(db: Db, access: ProjectAccess, request: DrawMoreRequest, queue: RoundQueue): Promise<QueuedRound> {
  const { runId, targetHalfWidth, expected } = DrawMoreRequestSchema.parse(request);
  const run = await findRun(db, access.projectId, runId);
  const sample = await loadRunSample(db, access.projectId, run.id);
  if (!sample) throw saidError("not_found", "checks.runNoSampleYet");
  const plan = planAdditional(sample.estimate.plan, targetHalfWidth);
  if (plan.additional === 0) throw saidError("invalid_input", "checks.halfWidthReached");
  if (plan.additional !== expected) {
    throw saidError("conflict", "checks.samplePlanChanged", { count: plan.additional, halfWidth: (targetHalfWidth * 100).toFixed(1) });
  }
  const round = sample.rounds.length + 1;
  const name = await freeQueueName(db, access.projectId, `${run.name} · sample round ${round}`);
  await checkNewQueue(db, access.projectId, { name, memberIds: queue.memberIds });
  const drawn = await drawMoreRound(db, access, { runId: run.id, allocation: plan.allocation, targetHalfWidth });
  return queueRound(db, access, drawn, queue, name);
}
