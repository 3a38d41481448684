import "server-only";
// What happens when an item of a sample or trajectory queue with overlap N >= 2 receives its
// N-th submission (called by markClaimSubmitted inside its transaction, with the item locked):
//  - the N answers agree (lib/domain/consensus.ts): their consensus becomes the item's final
//    answer, a kind "adjudication" annotation attributed to the annotator whose submission
//    completed the item; the sample or trajectory is verified; the item is "verified" with
//    resolution "consensus";
//  - they disagree: the item waits for a reviewer, status "adjudication";
//  - an answer is missing (a claim submitted without a submitted answer, which the submit
//    action refuses but the claim functions alone allow): the item is only "full", since
//    there is nothing to compare.
// Overlap 1 never comes here: one answer is not a consensus, it waits for a reviewer as before.
import type { Tx } from "@/lib/queues/claim-locks";
import { groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { groundingConsensus, trajectoryConsensus, type Consensus } from "@/lib/domain/consensus";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { itemAnswers, type ItemAnswer } from "@/lib/queues/item-answers";
import { writeFinalAnswer, type FinalAnswer } from "@/lib/queues/write-final-answer";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";

export type Resolution =
  | { kind: "consensus"; annotationId: string; answers: number }
  | { kind: "adjudication"; reasons: string[] }
  | { kind: "unresolved"; reason: string };

type Input = {
  item: { id: string; sampleId: string | null; trajectoryId: string | null };
  projectId: string;
  overlap: number;
  completedBy: string;
  now: Date;
};

type Answered = ItemAnswer & { annotation: NonNullable<ItemAnswer["annotation"]> };

// A value everyone gave alike is kept in the consensus; anything else is left out.
function common<T>(values: T[]): T | null {
  return values.every((v) => v === values[0]) ? (values[0] ?? null) : null;
}

function groundingOutcome(answers: Answered[], threshold: number): Consensus<GroundingPayload> {
  const payloads = answers.map((a) => payloadOf(a.annotation));
  const incomplete = answers.filter((_, i) => groundingProblem(payloads[i]!) !== null);
  if (incomplete.length) return { agree: false, reasons: incomplete.map((a) => `${a.name}'s answer has neither a box nor "target absent"`) };
  const consensus = groundingConsensus(answers.map((a, i) => ({ who: a.name, answer: payloads[i]! })), threshold);
  if (!consensus.agree) return consensus;
  return {
    agree: true,
    answer: {
      ...consensus.answer,
      instructionRewrite: common(payloads.map((p) => p.instructionRewrite)),
      qualityScore: common(payloads.map((p) => p.qualityScore)),
      note: `Consensus of ${answers.length} annotators`,
    },
  };
}

export async function resolveFullItem(tx: Tx, { item, projectId, overlap, completedBy, now }: Input): Promise<Resolution> {
  const answers = await itemAnswers(tx, item);
  const missing = answers.filter((a) => !a.annotation);
  if (answers.length < overlap || missing.length) {
    await tx.queueItem.update({ where: { id: item.id }, data: { status: "full" } });
    return { kind: "unresolved", reason: `no submitted answer from ${missing.map((a) => a.name).join(", ") || "enough annotators"}` };
  }
  const answered = answers as Answered[];

  let final: FinalAnswer;
  if (item.sampleId) {
    const project = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { settings: true } });
    const { iouAgreementThreshold } = ProjectSettingsSchema.parse(project.settings ?? {});
    const outcome = groundingOutcome(answered, iouAgreementThreshold);
    if (!outcome.agree) return sendToAdjudication(tx, item.id, outcome.reasons);
    final = { itemType: "sample", sampleId: item.sampleId, payload: outcome.answer };
  } else {
    const outcome = trajectoryConsensus(answered.map((a) => ({ who: a.name, answer: trajectoryPayloadOf(a.annotation) })));
    if (!outcome.agree) return sendToAdjudication(tx, item.id, outcome.reasons);
    final = { itemType: "trajectory", trajectoryId: item.trajectoryId!, payload: { ...outcome.answer, note: `Consensus of ${answered.length} annotators` } };
  }

  const annotation = await writeFinalAnswer(tx, { projectId, annotatorId: completedBy, answer: final, now });
  await tx.queueItem.update({ where: { id: item.id }, data: { status: "verified", resolution: "consensus", resolvedAt: now } });
  return { kind: "consensus", annotationId: annotation.id, answers: answered.length };
}

async function sendToAdjudication(tx: Tx, queueItemId: string, reasons: string[]): Promise<Resolution> {
  await tx.queueItem.update({ where: { id: queueItemId }, data: { status: "adjudication" } });
  return { kind: "adjudication", reasons };
}
