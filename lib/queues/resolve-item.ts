import "server-only";
// What happens when an item of a sample or trajectory queue with overlap N >= 2 receives its
// N-th submission (called by markClaimSubmitted inside its transaction, with the item locked):
//  - the N answers agree (lib/domain/consensus.ts): their consensus is pinned as the item's
//    final answer, a revision of source "consensus" credited to the annotators who agreed (no
//    one person decided it, and it is nobody's submission); the sample or trajectory is
//    verified; the queue item is "verified" with resolution "consensus";
//  - they disagree: the queue item waits for a reviewer, status "adjudication", and the sample
//    or trajectory is awaiting adjudication;
//  - an answer is missing (a claim submitted without a submitted answer, which the submit
//    action refuses but the claim functions alone allow): the item is only "full", since
//    there is nothing to compare.
// Overlap 1 never comes here: one answer is not a consensus, it waits for a reviewer as before.
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import type { FinalPayload } from "@/lib/annotations/final-payload";
import { groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { isSettled } from "@/lib/domain/item-lifecycle";
import type { WriteTx } from "@/lib/db/write-transaction";
import { asJson } from "@/lib/db/sql-reader";
import { groundingConsensus, trajectoryConsensus, type Consensus } from "@/lib/domain/consensus";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { itemAnswers, type ItemAnswer } from "@/lib/queues/item-answers";

export type Resolution =
  | { kind: "consensus"; revisionId: string; answers: number }
  | { kind: "adjudication"; reasons: string[] }
  | { kind: "unresolved"; reason: string };

type Input = {
  item: { id: string; sampleId: string | null; trajectoryId: string | null };
  projectId: string;
  overlap: number;
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

const setQueueItemStatus = (w: WriteTx, id: string, status: string) => w.exec.run(`UPDATE "QueueItem" SET "status" = ? WHERE "id" = ?`, [status, id]);

export async function resolveFullItem(w: WriteTx, { item, projectId, overlap, now }: Input): Promise<Resolution> {
  const answers = await itemAnswers(w.exec, item);
  const missing = answers.filter((a) => !a.annotation);
  if (answers.length < overlap || missing.length) {
    await setQueueItemStatus(w, item.id, "full");
    return { kind: "unresolved", reason: `no submitted answer from ${missing.map((a) => a.name).join(", ") || "enough annotators"}` };
  }
  const answered = answers as Answered[];

  const key = item.sampleId ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId! };
  // A reviewer settled the item while the queue collected answers: theirs stands, and no
  // consensus of annotators replaces it.
  const [standing] = await w.exec.all<{ status: string }>(`SELECT "status" FROM "${item.sampleId ? "GroundingSample" : "Trajectory"}" WHERE "id" = ?`, [item.sampleId ?? item.trajectoryId]);
  if (!standing) throw new Error(`queue item ${item.id} points at no item`);
  if (isSettled(standing.status)) {
    await w.exec.run(`UPDATE "QueueItem" SET "status" = 'verified', "resolution" = 'review', "resolvedAt" = ? WHERE "id" = ?`, [now, item.id]);
    return { kind: "unresolved", reason: "the item was settled by a reviewer meanwhile" };
  }
  let final: FinalPayload;
  if (item.sampleId) {
    const [project] = await w.exec.all<{ settings: unknown }>(`SELECT "settings" FROM "Project" WHERE "id" = ?`, [projectId]);
    const { iouAgreementThreshold } = ProjectSettingsSchema.parse(asJson(project?.settings) ?? {});
    const outcome = groundingOutcome(answered, iouAgreementThreshold);
    if (!outcome.agree) return sendToAdjudication(w, item, outcome.reasons, now);
    final = { itemType: "sample", payload: outcome.answer };
  } else {
    const outcome = trajectoryConsensus(answered.map((a) => ({ who: a.name, answer: trajectoryPayloadOf(a.annotation) })));
    if (!outcome.agree) return sendToAdjudication(w, item, outcome.reasons, now);
    final = { itemType: "trajectory", payload: { ...outcome.answer, note: `Consensus of ${answered.length} annotators` } };
  }

  const pinned = await pinFinalAnswer(w, {
    projectId,
    item: key,
    answer: final,
    source: "consensus",
    decision: "accept",
    decidedById: null,
    contributorIds: answered.map((a) => a.userId),
    now,
  });
  await w.exec.run(`UPDATE "QueueItem" SET "status" = 'verified', "resolution" = 'consensus', "resolvedAt" = ? WHERE "id" = ?`, [now, item.id]);
  return { kind: "consensus", revisionId: pinned.revisionId, answers: answered.length };
}

async function sendToAdjudication(w: WriteTx, item: Input["item"], reasons: string[], now: Date): Promise<Resolution> {
  await setQueueItemStatus(w, item.id, "adjudication");
  // The sample or trajectory waits for a reviewer too, unless someone settled it meanwhile.
  await w.exec.run(`UPDATE "${item.sampleId ? "GroundingSample" : "Trajectory"}" SET "status" = 'awaiting_adjudication', "updatedAt" = ? WHERE "id" = ? AND "status" NOT IN ('verified', 'rejected')`, [
    now,
    item.sampleId ?? item.trajectoryId,
  ]);
  return { kind: "adjudication", reasons };
}
