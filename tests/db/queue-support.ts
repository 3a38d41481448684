// A project with people in every role, samples and trajectories, and the annotator's round
// trip through a queue (claim, save a submitted answer, submit the claim) as the review
// screens do it, for the adjudication and honeypot tests.
import type { ProjectAccess } from "@/lib/auth/session";
import type { Role } from "@/lib/auth/roles";
import type { Db, DbProvider } from "@/lib/db";
import type { Box } from "@/lib/domain/geometry";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { claimNextItem, type ClaimedItem } from "@/lib/queues/claim-next-item";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { freshDatabase } from "./databases";
import { rederiveStale } from "./derived-support";

export const boxAnswer = (box: Box): GroundingPayload => ({ targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null });
export const ABSENT: GroundingPayload = { targetAbsent: true, box: null, instructionRewrite: null, qualityScore: null, note: null };
export const labels = (...values: ("correct" | "incorrect" | "unsure")[]) => values.map((label, stepIndex) => ({ stepIndex, label }));
export const trajectoryAnswer = (traceVerdict: TrajectoryPayload["traceVerdict"], steps: TrajectoryPayload["steps"], firstWrongStep: number | null = null): TrajectoryPayload => ({
  traceVerdict, firstWrongStep, steps, note: null,
});

export async function queueProject(provider: DbProvider, people: Record<string, Role>, settings: object = {}) {
  const { db } = await freshDatabase(provider);
  const project = await db.project.create({ data: { slug: "p", name: "P", settings: JSON.parse(JSON.stringify(settings)) } });
  const access: Record<string, ProjectAccess> = {};
  for (const [name, role] of Object.entries(people)) {
    const user = await db.user.create({ data: { email: `${name}@x.test`, name } });
    await db.membership.create({ data: { projectId: project.id, userId: user.id, role } });
    access[name] = { user: { id: user.id, email: user.email, name, isOwner: false }, projectId: project.id, role };
  }
  const person = (name: string) => access[name]!;
  return { db, project, person };
}

// Written as an import writes them, then derived as at the end of an import batch.
export async function makeSamples(db: Db, projectId: string, count: number, extra: { platform?: string } = {}, prefix = "s") {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db.groundingSample.create({
      data: { projectId, instruction: `Tap ${prefix}${i}`, sourceDataset: "test", sourceId: `${prefix}${i}`, contentHash: `${prefix}${i}`, imageWidth: 1000, imageHeight: 800, ...extra },
    });
    ids.push(row.id);
  }
  await rederiveStale(db, projectId);
  return ids;
}

export async function makeTrajectory(db: Db, projectId: string, sourceId: string, steps = 3) {
  const row = await db.trajectory.create({
    data: {
      projectId, goal: `Goal ${sourceId}`, sourceDataset: "test", sourceId, contentHash: sourceId, stepCount: steps, sourceOutcome: true, agentClaimedFinish: true,
      steps: { create: Array.from({ length: steps }, (_, index) => ({ index })) },
    },
  });
  await rederiveStale(db, projectId);
  return row;
}

/** The item's pinned final answer (its current AnswerRevision), or null. */
export async function finalOf(db: Db, item: { sampleId: string } | { trajectoryId: string }) {
  const row = "sampleId" in item
    ? await db.groundingSample.findUniqueOrThrow({ where: { id: item.sampleId }, select: { finalAnswer: true } })
    : await db.trajectory.findUniqueOrThrow({ where: { id: item.trajectoryId }, select: { finalAnswer: true } });
  return row.finalAnswer;
}

/** Claim the next item and answer it as the review screen would; null when the queue is done. */
export async function answerNext(db: Db, queueId: string, who: ProjectAccess, answer: (item: ClaimedItem) => GroundingPayload | TrajectoryPayload) {
  const claim = await claimNextItem(db, { queueId, userId: who.user.id });
  if (!claim) return null;
  const payload = answer(claim);
  if (claim.sampleId) {
    const mine = await db.annotation.findFirst({ where: { sampleId: claim.sampleId, annotatorId: who.user.id, kind: "label" } });
    await saveGroundingAnnotation(db, who, { sampleId: claim.sampleId, baseVersion: mine?.version ?? null, status: "submitted", payload: payload as GroundingPayload });
  } else {
    const mine = await db.annotation.findFirst({ where: { trajectoryId: claim.trajectoryId!, annotatorId: who.user.id, kind: "label" } });
    await saveTrajectoryAnnotation(db, who, { trajectoryId: claim.trajectoryId!, baseVersion: mine?.version ?? null, status: "submitted", payload: payload as TrajectoryPayload });
  }
  await markClaimSubmitted(db, { claimId: claim.claimId, userId: who.user.id });
  return claim;
}
