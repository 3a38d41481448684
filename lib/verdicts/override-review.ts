import "server-only";
// What a reviewer does with an override after its verdict changed under it (a re-import or a
// re-run revised the verdict's value; the override stayed in force and the item is flagged,
// lib/domain/effective-verdict.ts): confirm it, which records it again on the verdict's
// current revision (a new override with the same value, so the history shows both), or
// withdraw it, which takes it out of force (the verdict's own value applies again). A
// withdrawal works on any accepted override: a reviewer may take back one they no longer hold.
// Withdrawing the override in force withdraws every accepted override of the verdict with it
// (the ones it confirmed or replaced), or the one before it would silently come back in force.
// Both are a person's act: machines never confirm or withdraw.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import { rederiveVerdictItem } from "@/lib/verdicts/rederive-verdict-item";
import { describeVerdictValue } from "@/lib/verdicts/verdict-value";

export const OverrideReviewSchema = z.object({
  overrideId: z.string().min(1).max(40),
  decision: z.enum(["confirm", "withdraw"]),
  reason: z.string().trim().max(2_000).optional(),
});
export type OverrideReviewInput = z.input<typeof OverrideReviewSchema>;

export async function reviewOverride(db: Db, access: ProjectAccess, input: OverrideReviewInput) {
  if (!isReviewerRole(access.role)) throw saidError("forbidden", "checks.overrideReviewNeedsReviewer");
  const { overrideId, decision, reason } = OverrideReviewSchema.parse(input);
  const now = new Date();
  return inWriteTransaction(db, access.projectId, async (w) => {
    const override = await w.tx.judgeOverride.findFirst({ where: { id: overrideId, verdict: { projectId: access.projectId } }, include: { verdict: true } });
    if (!override) throw saidError("not_found", "checks.noSuchOverride");
    if (override.status !== "accepted") throw saidError("conflict", "checks.overrideNotInForce");
    const verdict = override.verdict;
    const base = await w.tx.judgeVerdictRevision.findUnique({ where: { verdictId_revision: { verdictId: verdict.id, revision: override.verdictRevision } } });
    const from = describeVerdictValue(base ? (base.valueScore ?? base.valueBool) : null);
    const to = describeVerdictValue(verdict.valueScore ?? verdict.valueBool);
    let confirmationId: string | null = null;
    let alsoWithdrawn: string[] = [];
    if (decision === "confirm") {
      if (override.verdictRevision === verdict.revision) throw saidError("conflict", "checks.overrideAlreadyCurrent");
      // Only the override in force carries over; confirming an older one would bring it back.
      const latest = await w.tx.judgeOverride.findFirst({ where: { verdictId: verdict.id, status: "accepted" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
      if (latest?.id !== override.id) throw saidError("conflict", "checks.overrideNotInForce");
      const confirmation = await w.tx.judgeOverride.create({
        data: {
          verdictId: verdict.id,
          verdictRevision: verdict.revision,
          userId: access.user.id,
          valueScore: override.valueScore,
          valueBool: override.valueBool,
          reason: reason || `Confirmed after the verdict changed from ${from} to ${to}: ${override.reason}`,
        },
        select: { id: true },
      });
      confirmationId = confirmation.id;
    } else {
      const inForce = await w.tx.judgeOverride.findFirst({ where: { verdictId: verdict.id, status: "accepted" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
      const withdrawn = await w.tx.judgeOverride.findMany({ where: inForce?.id === override.id ? { verdictId: verdict.id, status: "accepted" } : { id: override.id }, select: { id: true } });
      await w.tx.judgeOverride.updateMany({
        where: { id: { in: withdrawn.map((o) => o.id) } },
        data: { status: "withdrawn", withdrawnAt: now, withdrawnById: access.user.id, withdrawnReason: reason || null },
      });
      alsoWithdrawn = withdrawn.map((o) => o.id).filter((id) => id !== override.id);
    }
    await recordAudit(w.tx, {
      userId: access.user.id,
      projectId: access.projectId,
      action: `override.${decision}`,
      targetType: "verdict",
      targetId: verdict.id,
      details: { overrideId: override.id, confirmationId, alsoWithdrawn, verdictRevision: verdict.revision, madeOnRevision: override.verdictRevision, from, to, reason: reason ?? null },
    });
    await rederiveVerdictItem(w, access.projectId, verdict);
    return { confirmationId };
  });
}
