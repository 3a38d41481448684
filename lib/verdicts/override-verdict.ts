import "server-only";
// A reviewer disagrees with a judge: the verdict stays as it was, and an override record
// points at it with the new value, the reason, who and when. The item's derived values
// (effective score and tier, automatic outcome, flags, rewards) follow in the same transaction.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/i18n/said-error";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { rederiveSamples } from "@/lib/derived/rederive-samples";
import { rederiveTrajectories } from "@/lib/derived/rederive-trajectories";
import { inWriteTransaction, type WriteTx } from "@/lib/derived/write-transaction";

export const OverrideInputSchema = z.object({
  verdictId: z.string().min(1).max(40),
  value: z.union([z.boolean(), z.number().min(0).max(10)]),
  reason: z.string().trim().min(3, "say why, in a few words").max(2_000),
});

/** The override inside the caller's write transaction (triage decides in its own). */
export async function overrideVerdictIn(w: WriteTx, access: ProjectAccess, input: z.input<typeof OverrideInputSchema>) {
  const { verdictId, value, reason } = OverrideInputSchema.parse(input);
  const verdict = await w.tx.judgeVerdict.findFirst({ where: { id: verdictId, projectId: access.projectId } });
  if (!verdict) throw saidError("not_found", "checks.noSuchVerdict");
  const isScore = verdict.valueScore !== null;
  if (isScore !== (typeof value === "number")) {
    throw saidError("invalid_input", isScore ? "checks.overrideMustBeScore" : "checks.overrideMustBeSuccess");
  }
  const override = await w.tx.judgeOverride.create({
    data: { verdictId, userId: access.user.id, reason, valueScore: isScore ? (value as number) : null, valueBool: isScore ? null : (value as boolean) },
  });
  await recordAudit(w.tx, { userId: access.user.id, projectId: access.projectId, action: "override.create", targetType: "verdict", targetId: verdictId, details: { value, reason } });
  if (verdict.sampleId) await rederiveSamples(w.exec, access.projectId, [verdict.sampleId]);
  if (verdict.trajectoryId) await rederiveTrajectories(w.exec, access.projectId, [verdict.trajectoryId]);
  return override;
}

export async function overrideVerdict(db: Db, access: ProjectAccess, input: z.input<typeof OverrideInputSchema>) {
  return inWriteTransaction(db, access.projectId, (w) => overrideVerdictIn(w, access, input));
}
