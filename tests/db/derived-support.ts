// Test data in the states the app reaches: a final answer is pinned as the app pins it
// (pinFinalAnswer, in a write transaction, deriving the item), and rows written straight to
// the database are derived afterwards as an import batch is (rederiveStale).
import type { Db } from "@/lib/db";
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { ItemKey } from "@/lib/annotations/item-key";
import type { RevisionSource } from "@/lib/domain/item-lifecycle";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export { rederiveStale };

export const grounding = (box: [number, number, number, number] | null, extra: Partial<GroundingPayload> = {}): GroundingPayload => ({
  targetAbsent: box === null,
  box,
  instructionRewrite: null,
  qualityScore: null,
  note: null,
  ...extra,
});

export const trajectoryAnswer = (traceVerdict: TrajectoryPayload["traceVerdict"], labels: ("correct" | "incorrect" | "unsure")[] = []): TrajectoryPayload => ({
  traceVerdict,
  firstWrongStep: null,
  steps: labels.map((label, stepIndex) => ({ stepIndex, label })),
  note: null,
});

type Pin = { decidedById: string; decision?: "accept" | "reject"; source?: RevisionSource; contributorIds?: string[] };

export async function pinSample(db: Db, projectId: string, sampleId: string, payload: GroundingPayload, pin: Pin) {
  return pinItem(db, projectId, { sampleId }, { itemType: "sample", payload }, pin);
}

export async function pinTrajectory(db: Db, projectId: string, trajectoryId: string, payload: TrajectoryPayload, pin: Pin) {
  return pinItem(db, projectId, { trajectoryId }, { itemType: "trajectory", payload }, pin);
}

async function pinItem(db: Db, projectId: string, item: ItemKey, answer: Parameters<typeof pinFinalAnswer>[1]["answer"], pin: Pin) {
  return inWriteTransaction(db, projectId, (w) =>
    pinFinalAnswer(w, {
      projectId,
      item,
      answer,
      source: pin.source ?? "review",
      decision: pin.decision ?? "accept",
      decidedById: pin.decidedById,
      contributorIds: pin.contributorIds ?? [pin.decidedById],
      now: new Date(),
    }),
  );
}

/** Derives these items again, as the write path that changed their inputs would (a test that wrote an input directly). */
export async function rederive(db: Db, projectId: string, items: { sampleIds?: string[]; trajectoryIds?: string[] }) {
  await inWriteTransaction(db, projectId, async (w) => {
    await rederiveSamples(w.exec, projectId, items.sampleIds ?? []);
    await rederiveTrajectories(w.exec, projectId, items.trajectoryIds ?? []);
  });
}

/** The final-answer revision ids of these items, as manifests list them. */
export async function finalRevisionIds(db: Db, items: { sampleIds?: string[]; trajectoryIds?: string[] }): Promise<string[]> {
  const samples = await db.groundingSample.findMany({ where: { id: { in: items.sampleIds ?? [] } }, select: { finalAnswerId: true } });
  const trajectories = await db.trajectory.findMany({ where: { id: { in: items.trajectoryIds ?? [] } }, select: { finalAnswerId: true } });
  return [...samples, ...trajectories].map((r) => r.finalAnswerId!).filter(Boolean);
}
