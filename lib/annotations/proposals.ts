import "server-only";
// Proposals: an annotator's answer submitted to a settled item outside a queue. The item's
// final answer stays as it is until a reviewer accepts the proposal (it is pinned as a new
// revision, credited to the annotator, decided by the reviewer) or dismisses it.
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { lockItem, pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import { isSampleKey, itemIdOf, keyOf, type ItemKey } from "@/lib/annotations/item-key";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";
import { execFor } from "@/lib/db/sql-exec";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { inWriteTransaction } from "@/lib/db/write-transaction";

export async function openProposals(db: Db, projectId: string, item: ItemKey) {
  // Raw, the annotators' names joined: read on every reviewer's review screen (issue 38).
  const rows = (
    await execFor(db).all<Record<string, unknown>>(
      `SELECT ${annotationColumns("a")}, u."name" AS "annotatorName" FROM "Annotation" a JOIN "User" u ON u."id" = a."annotatorId"
       WHERE a."projectId" = ? AND a."${isSampleKey(item) ? "sampleId" : "trajectoryId"}" = ? AND a."kind" = 'label' AND a."status" = 'submitted' AND a."proposal" = 'open'
       ORDER BY a."submittedAt"`,
      [projectId, itemIdOf(item)],
    )
  ).map((r) => ({ ...annotationFromRow(r), annotatorName: r.annotatorName as string }));
  return rows.map((r) => ({
    id: r.id,
    by: r.annotatorName,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    grounding: r.sampleId ? payloadOf(r) : null,
    trajectory: r.trajectoryId ? trajectoryPayloadOf(r) : null,
  }));
}

export type ProposalDecision = "accept" | "dismiss";

export async function decideProposal(db: Db, access: ProjectAccess, annotationId: string, decision: ProposalDecision) {
  if (!isReviewerRole(access.role)) throw saidError("forbidden", "checks.proposalNeedsReviewer");
  const now = new Date();
  return inWriteTransaction(db, access.projectId, async (w) => {
    const proposal = await w.tx.annotation.findFirst({ where: { id: annotationId, projectId: access.projectId, kind: "label" } });
    if (!proposal || proposal.status !== "submitted" || proposal.proposal !== "open") throw saidError("conflict", "checks.proposalGone");
    const item = proposal.sampleId ? keyOf("sample", proposal.sampleId) : keyOf("trajectory", proposal.trajectoryId!);
    let revisionId: string | null = null;
    if (decision === "accept") {
      const current = await lockItem(w, access.projectId, item);
      if (!isSettled(current.status)) throw saidError("conflict", "checks.itemNoLongerSettled");
      const answer = proposal.sampleId ? ({ itemType: "sample", payload: payloadOf(proposal) } as const) : ({ itemType: "trajectory", payload: trajectoryPayloadOf(proposal) } as const);
      revisionId = (
        await pinFinalAnswer(w, {
          projectId: access.projectId,
          item,
          answer,
          source: "proposal",
          decision: "accept",
          decidedById: access.user.id,
          contributorIds: [proposal.annotatorId],
          from: { annotationId: proposal.id, version: proposal.version },
          now,
        })
      ).revisionId;
    }
    await w.tx.annotation.update({ where: { id: proposal.id }, data: { proposal: decision === "accept" ? "accepted" : "dismissed" }, select: { id: true } });
    await recordAudit(w.tx, {
      userId: access.user.id,
      projectId: access.projectId,
      action: `proposal.${decision}`,
      targetType: proposal.sampleId ? "sample" : "trajectory",
      targetId: proposal.sampleId ?? proposal.trajectoryId ?? undefined,
      details: { annotationId: proposal.id, version: proposal.version, revisionId },
    });
    return { revisionId };
  });
}
