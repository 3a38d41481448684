import "server-only";
// A reviewer disagrees with a judge: the verdict stays as it was, and an override record
// points at it with the new value, the reason, who and when, and the verdict's revision it was
// made on. The item's derived values (effective score and tier, automatic outcome, flags,
// rewards) follow in the same transaction. A form names the revision it showed: if the verdict
// was revised since (a re-import, a re-run), the override is refused with both values, so
// nobody overrides a value they did not see.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { rederiveVerdictItem } from "@/lib/verdicts/rederive-verdict-item";
import { inWriteTransaction, type WriteTx } from "@/lib/db/write-transaction";
import { describeVerdictValue } from "@/lib/verdicts/verdict-value";

export const OverrideInputSchema = z.object({
  verdictId: z.string().min(1).max(40),
  value: z.union([z.boolean(), z.number().min(0).max(10)]),
  reason: z.string().trim().min(3, "needs a few words that say why").max(2_000),
  // The verdict's revision the reviewer saw; absent (older API clients): the current one.
  verdictRevision: z.number().int().min(1).optional(),
});

/** The override inside the caller's write transaction (triage decides in its own). */
export async function overrideVerdictIn(w: WriteTx, access: ProjectAccess, input: z.input<typeof OverrideInputSchema>) {
  const { verdictId, value, reason, verdictRevision } = OverrideInputSchema.parse(input);
  const verdict = await w.tx.judgeVerdict.findFirst({ where: { id: verdictId, projectId: access.projectId } });
  if (!verdict) throw saidError("not_found", "checks.noSuchVerdict");
  const isScore = verdict.valueScore !== null;
  if (isScore !== (typeof value === "number")) {
    throw saidError("invalid_input", isScore ? "checks.overrideMustBeScore" : "checks.overrideMustBeSuccess");
  }
  if (verdictRevision !== undefined && verdictRevision !== verdict.revision) {
    const seen = await w.tx.judgeVerdictRevision.findUnique({ where: { verdictId_revision: { verdictId, revision: verdictRevision } } });
    throw saidError("conflict", "checks.verdictRevisedMeanwhile", {
      from: describeVerdictValue(seen ? (seen.valueScore ?? seen.valueBool) : null),
      to: describeVerdictValue(verdict.valueScore ?? verdict.valueBool),
    });
  }
  const override = await w.tx.judgeOverride.create({
    data: { verdictId, verdictRevision: verdict.revision, userId: access.user.id, reason, valueScore: isScore ? (value as number) : null, valueBool: isScore ? null : (value as boolean) },
  });
  await recordAudit(w.tx, { userId: access.user.id, projectId: access.projectId, action: "override.create", targetType: "verdict", targetId: verdictId, details: { value, reason, verdictRevision: verdict.revision } });
  await rederiveVerdictItem(w, access.projectId, verdict);
  return override;
}

export async function overrideVerdict(db: Db, access: ProjectAccess, input: z.input<typeof OverrideInputSchema>) {
  return inWriteTransaction(db, access.projectId, (w) => overrideVerdictIn(w, access, input));
}
