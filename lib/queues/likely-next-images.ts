import "server-only";
// The screenshot of the item a queue would most likely give the caller after the one they hold
// (issue 38). In queue mode the next item is the queue's choice, made by the submit that claims
// it, so the screen cannot read it ahead as it does along a list; it can fetch and decode this
// image ahead, and the swap after the submit then finds it ready. A guess: the claim's own
// candidate query, read without a lock and without claiming; someone else may take the item
// first, and the screen then simply loads the image of the item it got. Nothing else about the
// item is said (not whether it is a honeypot), and only to a caller who holds an active claim
// of the queue in this project (the screen's loader checks that first, and hands over the
// queue it read with the claim). Raw statements: it runs on every queue-mode screen.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { nextCandidate } from "@/lib/queues/next-candidate";

/** `/api/media/<id>` of the likely next item's opening screenshot (a sample's, a trajectory's first step's); empty when none. */
export async function likelyNextImages(db: Db, projectId: string, queue: { id: string; overlap: number }, userId: string): Promise<string[]> {
  const exec = execFor(db);
  const w = { exec, provider: providerOf(databaseUrlOf(db)) };
  const candidate = await nextCandidate(w, { queueId: queue.id, userId, now: new Date(), overlap: queue.overlap, excludedIds: [], skipLocked: false, peek: true });
  const [opening] = candidate?.sampleId
    ? await exec.all<{ mediaId: string | null }>(`SELECT "mediaId" FROM "GroundingSample" WHERE "id" = ? AND "projectId" = ?`, [candidate.sampleId, projectId])
    : candidate?.trajectoryId
      ? await exec.all<{ mediaId: string | null }>(
          `SELECT s."mediaId" FROM "Step" s JOIN "Trajectory" t ON t."id" = s."trajectoryId" WHERE s."trajectoryId" = ? AND t."projectId" = ? ORDER BY s."index" LIMIT 1`,
          [candidate.trajectoryId, projectId],
        )
      : [];
  return opening?.mediaId ? [`/api/media/${opening.mediaId}`] : [];
}
