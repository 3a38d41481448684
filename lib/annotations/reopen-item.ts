import "server-only";
// A reviewer takes a settled item back into review (the answer was wrong, the task changed):
// the final answer is superseded, not deleted (it stays in the item's history), the item is
// "reopened" and leaves the pools until it is settled again. A honeypot must stop being one
// first: its known answer grades annotators.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { canReopen } from "@/lib/domain/item-lifecycle";
import { lockItem, unpinFinalAnswer } from "@/lib/annotations/answer-revisions";
import { itemIdOf, itemTypeOf, type ItemKey } from "@/lib/annotations/item-key";
import { inWriteTransaction } from "@/lib/db/write-transaction";

export const ReopenReasonSchema = z.string().trim().min(3, "needs a few words that say why").max(2_000);

export async function reopenItem(db: Db, access: ProjectAccess, item: ItemKey, reason: string) {
  if (!isReviewerRole(access.role)) throw saidError("forbidden", "checks.reopenNeedsReviewer");
  // Parsed as a field, so a refusal names it ("reason needs a few words…"), not "form".
  const { reason: why } = z.object({ reason: ReopenReasonSchema }).parse({ reason });
  if (await db.honeypot.count({ where: { projectId: access.projectId, ...item } })) {
    throw saidError("conflict", "checks.reopenHoneypot");
  }
  const now = new Date();
  const revisionId = await inWriteTransaction(db, access.projectId, async (w) => {
    const current = await lockItem(w, access.projectId, item);
    if (!canReopen(current.status)) throw saidError("conflict", "checks.reopenOnlySettled");
    const superseded = await unpinFinalAnswer(w, access.projectId, item, now, `reopened: ${why}`);
    await recordAudit(w.tx, { userId: access.user.id, projectId: access.projectId, action: "item.reopen", targetType: itemTypeOf(item), targetId: itemIdOf(item), details: { reason: why, revisionId: superseded } });
    return superseded;
  });
  return { revisionId };
}
