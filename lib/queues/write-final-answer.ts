import "server-only";
// Writing an item's final answer (contract 1): a submitted annotation of kind "adjudication"
// attributed to one person (the annotator whose submission completed a consensus, or the
// reviewer who adjudicated), and the item verified with verifiedAt. A trajectory also gets
// its human verdict and stored mismatch flags from that answer, as a reviewer's submit gives
// them. Runs inside the caller's transaction, so the answer and the item's status move
// together.
import type { Db } from "@/lib/db";
import type { Tx } from "@/lib/queues/claim-locks";
import { groundingColumns } from "@/lib/annotations/save-annotation";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { trajectoryColumns } from "@/lib/trajectories/save-trajectory-annotation";
import { flagsFor } from "@/lib/trajectories/trajectory-flags";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export type FinalAnswer =
  | { itemType: "sample"; sampleId: string; payload: GroundingPayload }
  | { itemType: "trajectory"; trajectoryId: string; payload: TrajectoryPayload };

type Write = { projectId: string; annotatorId: string; answer: FinalAnswer; now: Date };

/** The adjudication annotation alone, without touching the item (a honeypot pins its answer). */
export async function writeAdjudicationAnnotation(tx: Tx | Db, { projectId, annotatorId, answer, now }: Write) {
  const columns = answer.itemType === "sample" ? groundingColumns(answer.payload) : trajectoryColumns(answer.payload);
  const data = { ...columns, status: "submitted", submittedAt: now };
  if (answer.itemType === "sample") {
    return tx.annotation.upsert({
      where: { sampleId_annotatorId_kind: { sampleId: answer.sampleId, annotatorId, kind: "adjudication" } },
      create: { projectId, annotatorId, kind: "adjudication", itemType: "sample", sampleId: answer.sampleId, ...data },
      update: { ...data, version: { increment: 1 } },
      select: { id: true, version: true },
    });
  }
  return tx.annotation.upsert({
    where: { trajectoryId_annotatorId_kind: { trajectoryId: answer.trajectoryId, annotatorId, kind: "adjudication" } },
    create: { projectId, annotatorId, kind: "adjudication", itemType: "trajectory", trajectoryId: answer.trajectoryId, ...data },
    update: { ...data, version: { increment: 1 } },
    select: { id: true, version: true },
  });
}

export async function writeFinalAnswer(tx: Tx, write: Write) {
  const annotation = await writeAdjudicationAnnotation(tx, write);
  const { answer, now, projectId } = write;
  if (answer.itemType === "sample") {
    await tx.groundingSample.update({ where: { id: answer.sampleId }, data: { status: "verified", verifiedAt: now } });
    return annotation;
  }
  const trajectory = await tx.trajectory.findUniqueOrThrow({ where: { id: answer.trajectoryId }, select: { stepCount: true, agentClaimedFinish: true } });
  const verdicts = await verdictsFor(tx, projectId, { trajectoryId: answer.trajectoryId });
  const flags = flagsFor(answer.payload, trajectory.stepCount, verdicts, trajectory.agentClaimedFinish);
  await tx.trajectory.update({
    where: { id: answer.trajectoryId },
    data: { status: "verified", verifiedAt: now, humanVerdict: answer.payload.traceVerdict, mismatchFlags: flags.join(",") },
  });
  return annotation;
}
