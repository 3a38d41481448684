import "server-only";
// The screenshot of the item a queue would most likely give the caller after the one they hold
// (issue 38). In queue mode the next item is the queue's choice, made by the submit that claims
// it, so the screen cannot read it ahead as it does along a list; it can fetch and decode this
// image ahead, and the swap after the submit then finds it ready. A guess: the claim's own
// candidate query, read without a lock and without claiming; someone else may take the item
// first, and the screen then simply loads the image of the item it got. Nothing else about the
// item is said (not whether it is a honeypot), and only to a caller who holds an active claim
// of the queue in this project (the screen's loader checks that first).
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { nextCandidate } from "@/lib/queues/next-candidate";

/** `/api/media/<id>` of the likely next item's opening screenshot (a sample's, a trajectory's first step's); empty when none. */
export async function likelyNextImages(db: Db, projectId: string, queueId: string, userId: string): Promise<string[]> {
  const queue = await db.queue.findFirst({ where: { id: queueId, projectId }, select: { overlap: true } });
  if (!queue) return [];
  const w = { exec: execFor(db), provider: providerOf(databaseUrlOf(db)) };
  const candidate = await nextCandidate(w, { queueId, userId, now: new Date(), overlap: queue.overlap, excludedIds: [], skipLocked: false, peek: true });
  if (candidate?.sampleId) {
    const sample = await db.groundingSample.findFirst({ where: { id: candidate.sampleId, projectId }, select: { mediaId: true } });
    return sample?.mediaId ? [`/api/media/${sample.mediaId}`] : [];
  }
  if (candidate?.trajectoryId) {
    const step = await db.step.findFirst({ where: { trajectoryId: candidate.trajectoryId, trajectory: { projectId } }, orderBy: { index: "asc" }, select: { mediaId: true } });
    return step?.mediaId ? [`/api/media/${step.mediaId}`] : [];
  }
  return [];
}
