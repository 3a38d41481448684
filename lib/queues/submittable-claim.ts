import "server-only";
// What the submit of a claim checks first (the claim-submit and queue-next routes): the claim is the caller's, in
// this project, and the caller's answer on its item is submitted. Raw reads on the hot path
// (lib/db/sql-exec.ts says why).
import type { ProjectAccess } from "@/lib/auth/session-user";
import { db as appDb, type Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { saidError } from "@/lib/errors/said-error";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";

export async function assertClaimAnswered(db: Db, { projectId, claimId, userId }: { projectId: string; claimId: string; userId: string }): Promise<void> {
  const exec = execFor(db);
  const [claim] = await exec.all<{ sampleId: string | null; trajectoryId: string | null }>(
    `SELECT qi."sampleId", qi."trajectoryId" FROM "Claim" c JOIN "QueueItem" qi ON qi."id" = c."queueItemId" JOIN "Queue" q ON q."id" = qi."queueId"
      WHERE c."id" = ? AND c."userId" = ? AND q."projectId" = ?`,
    [claimId, userId, projectId],
  );
  if (!claim) throw saidError("not_found", "messages.noSuchClaim");
  // A claim counts as done only once the caller's answer on its item is submitted.
  const { sampleId, trajectoryId } = claim;
  if (!sampleId && !trajectoryId) throw saidError("invalid_input", "messages.claimNotOnItem");
  const answered = await exec.all(
    `SELECT 1 FROM "Annotation" WHERE "${sampleId ? "sampleId" : "trajectoryId"}" = ? AND "annotatorId" = ? AND "kind" = 'label' AND "status" = 'submitted' AND "projectId" = ?`,
    [sampleId ?? trajectoryId, userId, projectId],
  );
  if (!answered.length) throw saidError("conflict", "messages.submitAnswerFirst");
}

/**
 * Closes the caller's claim once their answer is submitted: the claim-submit route and the
 * submit-and-next routes all close a claim through here, so they cannot drift apart. Pages are
 * not marked stale here: lib/api/answer-save-reply.ts says why a route need not.
 */
export async function submitOwnClaim(access: ProjectAccess, claimId: string, { answered = false }: { answered?: boolean } = {}): Promise<void> {
  // `answered`: the caller just stored the submitted answer under this claim, found as their own
  // claim on that item in this project (saveAnswer's claimOnItem): what the check would read again.
  if (!answered) await assertClaimAnswered(appDb(), { projectId: access.projectId, claimId, userId: access.user.id });
  await markClaimSubmitted(appDb(), { claimId, userId: access.user.id });
}
