import "server-only";
// Everything the one-item decision view shows, scoped to the caller's project: the item and
// its queue, the trajectory (goal, first and last screenshot), the step a step verdict is
// about (with its trajectory's goal and its own screenshot) or the sample (image and box),
// the verdicts with rationale and overrides, the human verdict or score, why the item is in
// triage and its impact now (re-evaluated: someone may have decided elsewhere), and for a
// rollout in a GRPO group the group's rewards and advantages before and after a flip.
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import type { TriageCandidate } from "@/lib/triage/candidate-types";
import { sampleCandidates } from "@/lib/triage/sample-candidates";
import { stepCandidates } from "@/lib/triage/step-candidates";
import { trajectoryCandidates } from "@/lib/triage/trajectory-candidates";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

const MEDIA = { select: { id: true, width: true, height: true } } as const;

export async function loadTriageItem(db: Db, project: { id: string; settings: unknown }, queueItemId: string, claimId: string | null, userId: string) {
  const item = await db.queueItem.findFirst({
    where: { id: queueItemId, queue: { projectId: project.id, itemType: "disagreement" } },
    select: {
      id: true, status: true, resolution: true, resolvedAt: true, verdictId: true, trajectoryId: true, sampleId: true, priority: true,
      queue: { select: { id: true, name: true } },
    },
  });
  if (!item?.verdictId || (!item.trajectoryId && !item.sampleId)) return null;
  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const [queueTotal, queueDecided, claim, resolvedBy] = await Promise.all([
    db.queueItem.count({ where: { queueId: item.queue.id } }),
    db.queueItem.count({ where: { queueId: item.queue.id, resolution: "triage" } }),
    claimId ? db.claim.findFirst({ where: { id: claimId, userId, queueItemId: item.id }, select: { id: true, status: true, leaseUntil: true } }) : null,
    item.resolution ? db.auditLog.findFirst({ where: { projectId: project.id, targetType: "queueItem", targetId: item.id, action: { startsWith: "triage." } }, orderBy: { createdAt: "desc" }, select: { action: true, details: true, user: { select: { name: true } } } }) : null,
  ]);

  let candidate: TriageCandidate | undefined;
  let target:
    | { kind: "trajectory"; trajectory: Awaited<ReturnType<typeof loadTrajectory>> }
    | { kind: "step"; trajectory: Awaited<ReturnType<typeof loadTrajectory>>; step: NonNullable<Awaited<ReturnType<typeof loadStep>>> }
    | { kind: "sample"; sample: Awaited<ReturnType<typeof loadSample>> };
  const step = item.trajectoryId ? await loadStep(db, project.id, item.trajectoryId, item.verdictId) : null;
  if (step) {
    [candidate] = await stepCandidates(db, project.id, [item.verdictId]);
    target = { kind: "step", trajectory: await loadTrajectory(db, project.id, item.trajectoryId!), step };
  } else if (item.trajectoryId) {
    [candidate] = await trajectoryCandidates(db, project.id, settings.rewards, [item.trajectoryId]);
    target = { kind: "trajectory", trajectory: await loadTrajectory(db, project.id, item.trajectoryId) };
  } else {
    [candidate] = await sampleCandidates(db, project.id, settings.tiers, settings.triageMargin, [item.sampleId!]);
    target = { kind: "sample", sample: await loadSample(db, project.id, item.sampleId!) };
  }
  const verdicts = await verdictsFor(db, project.id, step ? { stepId: step.id } : item.trajectoryId ? { trajectoryId: item.trajectoryId } : { sampleId: item.sampleId! });
  return {
    item: { id: item.id, status: item.status, resolution: item.resolution, resolvedAt: item.resolvedAt?.toISOString() ?? null, verdictId: item.verdictId, impactWhenQueued: item.priority },
    decision: resolvedBy ? { action: resolvedBy.action, by: resolvedBy.user?.name ?? "someone", details: resolvedBy.details as Record<string, unknown> | null } : null,
    queue: { id: item.queue.id, name: item.queue.name, total: queueTotal, decided: queueDecided },
    claim: claim ? { id: claim.id, status: claim.status, leaseUntil: claim.leaseUntil.toISOString() } : null,
    // The candidate for the item's own verdict; null when the target's judge changed since.
    candidate: candidate && candidate.verdictId === item.verdictId ? candidate : null,
    target,
    verdicts,
    tiers: settings.tiers,
  };
}

async function loadTrajectory(db: Db, projectId: string, trajectoryId: string) {
  const t = await db.trajectory.findFirstOrThrow({
    where: { id: trajectoryId, projectId },
    select: {
      id: true, goal: true, app: true, benchmark: true, model: true, groupKey: true, stepCount: true, status: true, humanVerdict: true, agentClaimedFinish: true,
      steps: { orderBy: { index: "asc" }, take: 1, select: { index: true, imageMissing: true, media: MEDIA } },
    },
  });
  const last = t.stepCount > 1
    ? await db.step.findFirst({ where: { trajectoryId }, orderBy: { index: "desc" }, select: { index: true, imageMissing: true, media: MEDIA } })
    : null;
  const shot = (s: { index: number; imageMissing: boolean; media: { id: string; width: number; height: number } | null } | null | undefined) =>
    s ? { index: s.index, media: s.imageMissing ? null : s.media } : null;
  const { steps, ...rest } = t;
  return { ...rest, first: shot(steps[0]), last: shot(last) };
}

/** The step a step verdict of this trajectory is about, with its screenshot; null for a trace verdict. */
async function loadStep(db: Db, projectId: string, trajectoryId: string, verdictId: string) {
  const verdict = await db.judgeVerdict.findFirst({
    where: { id: verdictId, projectId, step: { trajectoryId } },
    select: { step: { select: { id: true, index: true, imageMissing: true, media: MEDIA, actionType: true } } },
  });
  const s = verdict?.step;
  return s ? { id: s.id, index: s.index, actionType: s.actionType, media: s.imageMissing ? null : s.media } : null;
}

async function loadSample(db: Db, projectId: string, sampleId: string) {
  return db.groundingSample.findFirstOrThrow({
    where: { id: sampleId, projectId },
    select: {
      id: true, instruction: true, imageMissing: true, imageRef: true, targetAbsent: true, boxX1: true, boxY1: true, boxX2: true, boxY2: true,
      status: true, qualityScore: true, media: MEDIA,
    },
  });
}

export type TriageItemView = NonNullable<Awaited<ReturnType<typeof loadTriageItem>>>;
