// e2e seeds write some rows straight to the database, as an import does; like an import they
// derive them afterwards, and they pin final answers the way the app does.
import type { Db } from "@/lib/db";
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

export { rederiveStale };

export async function pinSeedAnswer(
  db: Db,
  projectId: string,
  item: { sampleId: string; payload: GroundingPayload } | { trajectoryId: string; payload: TrajectoryPayload },
  decidedById: string,
) {
  await rederiveStale(db, projectId);
  await inWriteTransaction(db, projectId, (w) =>
    pinFinalAnswer(w, {
      projectId,
      item: "sampleId" in item ? { sampleId: item.sampleId } : { trajectoryId: item.trajectoryId },
      answer: "sampleId" in item ? { itemType: "sample", payload: item.payload } : { itemType: "trajectory", payload: item.payload },
      source: "review",
      decision: "accept",
      decidedById,
      contributorIds: [decidedById],
      now: new Date(),
    }),
  );
}
