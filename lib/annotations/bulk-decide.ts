import "server-only";
// The bulk pass: a reviewer sweeps judged samples and accepts (the sample's current target is
// pinned as its final answer: verified) or rejects (pinned as rejected: the sample leaves the
// pools) many at once. Each decision is a revision of source "bulk" decided by the reviewer,
// in one transaction for the whole selection; it is not anyone's label, so nothing a reviewer
// later drafts or submits carries it. A sample already settled the same way is left as it is.
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { pinFinalAnswer } from "@/lib/annotations/answer-revisions";
import { settleQueueItemsOf } from "@/lib/annotations/settle-queue-items";
import { inWriteTransaction } from "@/lib/db/write-transaction";

export type BulkDecision = "accept" | "reject";

export async function bulkDecide(db: Db, access: ProjectAccess, sampleIds: string[], decision: BulkDecision): Promise<{ decided: number; unchanged: number }> {
  const samples = await db.groundingSample.findMany({
    where: { projectId: access.projectId, id: { in: sampleIds } },
    select: {
      id: true, status: true, effectiveTargetAbsent: true, effectiveBoxX1: true, effectiveBoxY1: true, effectiveBoxX2: true, effectiveBoxY2: true,
      instructionRewrite: true, humanScore: true, sourceId: true, imageWidth: true, imageHeight: true, media: { select: { width: true, height: true } },
    },
  });
  if (samples.length !== new Set(sampleIds).size) throw saidError("not_found", "checks.samplesMissing");
  // Accepting pins the imported box: one past its screenshot's edge would become a final
  // answer no export can use, so the pass stops and names it instead of clamping it.
  if (decision === "accept") {
    const outside = samples.filter((s) => {
      const width = s.media?.width ?? s.imageWidth;
      const height = s.media?.height ?? s.imageHeight;
      const box = s.effectiveBoxX1 !== null && s.effectiveBoxY1 !== null && s.effectiveBoxX2 !== null && s.effectiveBoxY2 !== null && !s.effectiveTargetAbsent ? [s.effectiveBoxX1, s.effectiveBoxY1, s.effectiveBoxX2, s.effectiveBoxY2] : null;
      return box && width && height && (box[0]! < 0 || box[1]! < 0 || box[2]! > width || box[3]! > height);
    });
    if (outside.length > 0) {
      const ids = `${outside.slice(0, 5).map((s) => s.sourceId).join(", ")}${outside.length > 5 ? ", …" : ""}`;
      throw outside.length === 1 ? saidError("invalid_input", "checks.boxOutsideOne", { ids }) : saidError("invalid_input", "checks.boxOutsideMany", { count: outside.length, ids });
    }
  }
  const target = decision === "accept" ? "verified" : "rejected";
  const now = new Date();
  const decided = await inWriteTransaction(db, access.projectId, async (w) => {
    const changed: string[] = [];
    for (const s of samples) {
      if (s.status === target) continue;
      const hasBox = s.effectiveBoxX1 !== null && s.effectiveBoxY1 !== null && s.effectiveBoxX2 !== null && s.effectiveBoxY2 !== null;
      await pinFinalAnswer(w, {
        projectId: access.projectId,
        item: { sampleId: s.id },
        answer: {
          itemType: "sample",
          payload: {
            targetAbsent: s.effectiveTargetAbsent,
            box: hasBox && !s.effectiveTargetAbsent ? [s.effectiveBoxX1!, s.effectiveBoxY1!, s.effectiveBoxX2!, s.effectiveBoxY2!] : null,
            instructionRewrite: s.instructionRewrite,
            qualityScore: s.humanScore,
            note: decision === "reject" ? "rejected in the bulk pass" : "accepted in the bulk pass",
          },
        },
        source: "bulk",
        decision,
        decidedById: access.user.id,
        contributorIds: [access.user.id],
        now,
      });
      await settleQueueItemsOf(w, access.projectId, { sampleId: s.id }, access.user.id, now);
      changed.push(s.id);
    }
    await recordAudit(w.tx, { userId: access.user.id, projectId: access.projectId, action: `bulk.${decision}`, targetType: "sample", details: { count: changed.length, sampleIds: changed } });
    return changed.length;
  });
  return { decided, unchanged: samples.length - decided };
}
