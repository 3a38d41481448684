import "server-only";
// A reviewer's decision on one triage item, in one transaction that first claims the item's
// resolution (a conditional update: of two reviewers deciding at once, exactly one wins):
//  - accept: the judge's value stands. Against a human verdict (or a step's human label)
//    nothing is overridden: the item is resolved as accepted. Against the rule verifier, the rule verdict is overridden
//    with the judge's value, so that the automatic outcome (rule first) becomes the judge's.
//  - override: a JudgeOverride on the judge's verdict through lib/verdicts/override-verdict.ts
//    (the flipped outcome or step verdict, or a new 0-10 score) with the reason preset and note.
// The QueueItem becomes verified with resolution "triage", by whom and when; the decision is
// audited (triage.accept / triage.override; the override itself also as override.create).
// In queue mode the caller's claim is closed afterwards, and "skip" gives the claim back.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { releaseClaim } from "@/lib/queues/release-claim";
import { reasonText } from "@/lib/triage/reason-presets";
import { overrideVerdictIn } from "@/lib/verdicts/override-verdict";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import { traceVerdictsOf } from "@/lib/verdicts/trace-verdicts";
import { saidError } from "@/lib/errors/said-error";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

export const DecideTriageInputSchema = z.object({
  queueItemId: RowIdSchema,
  claimId: RowIdSchema.optional(),
  decision: z.enum(["accept", "override", "skip"]),
  value: z.union([z.boolean(), z.number().min(0).max(10)]).optional(),
  preset: z.number().int().min(1).max(5).optional(),
  note: z.string().max(2_000).default(""),
});
export type DecideTriageInput = z.input<typeof DecideTriageInputSchema>;
export type TriageOutcome = "accepted" | "overridden" | "skipped" | "already_decided";

type Plan = { verdictId: string; value: boolean | number; reason: string } | null;

async function loadItem(db: Db, projectId: string, queueItemId: string) {
  const item = await db.queueItem.findFirst({
    where: { id: queueItemId, queue: { projectId, itemType: "disagreement" } },
    select: { id: true, queueId: true, status: true, verdictId: true, trajectoryId: true, sampleId: true },
  });
  if (!item?.verdictId) throw saidError("not_found", "messages.noSuchTriageItem");
  const verdict = await db.judgeVerdict.findFirst({ where: { id: item.verdictId, projectId }, select: { id: true, judgeName: true, valueScore: true, valueBool: true, stepId: true } });
  if (!verdict) throw saidError("not_found", "messages.triageVerdictGone");
  return { item, verdict };
}

// Worked out before anything is written, so a bad input never leaves a half-made decision.
async function planOverride(db: Db, projectId: string, input: z.infer<typeof DecideTriageInputSchema>, loaded: Awaited<ReturnType<typeof loadItem>>): Promise<Plan> {
  const { item, verdict } = loaded;
  const kind = verdict.stepId ? "step" : item.trajectoryId ? "trajectory" : "sample";
  const isScore = verdict.valueScore !== null;
  const reasonOf = (fallback: string | null) => {
    if (input.preset === undefined) return fallback;
    const text = reasonText(kind, input.preset, input.note);
    if (text === null) throw saidError("invalid_input", "messages.triageNoteNeeded");
    return text;
  };
  if (input.decision === "override") {
    if (input.value === undefined) throw saidError("invalid_input", isScore ? "messages.triageGiveScore" : "messages.triageGiveOutcome");
    if (isScore !== (typeof input.value === "number")) throw saidError("invalid_input", isScore ? "messages.triageMustBeScore" : "messages.triageMustBeOutcome");
    const reason = reasonOf(null);
    if (reason === null) throw saidError("invalid_input", "messages.triagePickReason");
    return { verdictId: verdict.id, value: input.value, reason };
  }
  // Accepting a step verdict, or a sample's score, writes nothing: no rule verdict stands against it.
  if (!item.trajectoryId || verdict.stepId) return null;
  const current = (await traceVerdictsOf(db, projectId, [item.trajectoryId])).get(item.trajectoryId);
  const rule = current?.rule;
  const judge = current?.judge?.id === verdict.id ? current.judge : null;
  if (!rule || !judge || rule.effective === judge.effective) return null;
  const why = reasonOf(null);
  return { verdictId: rule.id, value: judge.effective, reason: `Triage: accepted the judge ${judge.judgeName}${why ? ` (${why})` : ""}` };
}

async function closeClaim(db: Db, claimId: string, userId: string) {
  try {
    await markClaimSubmitted(db, { claimId, userId });
  } catch (error) {
    // The lease ran out and the slot went to someone else: the decision is made and stands,
    // and whoever holds the item now finds it decided.
    if (!(isAppError(error) && error.code === "conflict")) throw error;
  }
}

export async function decideTriageItem(db: Db, access: ProjectAccess, raw: DecideTriageInput): Promise<{ outcome: TriageOutcome; queueId: string }> {
  const input = DecideTriageInputSchema.parse(raw);
  const userId = access.user.id;
  const loaded = await loadItem(db, access.projectId, input.queueItemId);
  const { item, verdict } = loaded;
  if (input.claimId) {
    const claim = await db.claim.findFirst({ where: { id: input.claimId, userId, queueItemId: item.id }, select: { id: true } });
    if (!claim) throw saidError("not_found", "messages.noSuchClaimOnItem");
  }
  if (input.decision === "skip") {
    if (input.claimId) await releaseClaim(db, { claimId: input.claimId, userId });
    return { outcome: "skipped", queueId: item.queueId };
  }
  const plan = await planOverride(db, access.projectId, input, loaded);

  const now = new Date();
  const decided = await inWriteTransaction(db, access.projectId, async (w) => {
    const { tx } = w;
    const { count } = await tx.queueItem.updateMany({
      where: { id: item.id, status: { not: "verified" } },
      data: { status: "verified", resolution: "triage", resolvedById: userId, resolvedAt: now },
    });
    if (count === 0) return false;
    if (plan) await overrideVerdictIn(w, access, plan);
    await recordAudit(tx, {
      userId,
      projectId: access.projectId,
      action: input.decision === "accept" ? "triage.accept" : "triage.override",
      targetType: "queueItem",
      targetId: item.id,
      details: {
        queueId: item.queueId,
        verdictId: verdict.id,
        judgeName: verdict.judgeName,
        judgeValue: verdict.valueScore ?? verdict.valueBool,
        ...(plan ? { overriddenVerdictId: plan.verdictId, value: plan.value, reason: plan.reason } : {}),
      },
    });
    return true;
  });

  if (!decided) {
    // Someone decided first: give the claim back so the queue moves on to another item.
    if (input.claimId) await releaseClaim(db, { claimId: input.claimId, userId });
    return { outcome: "already_decided", queueId: item.queueId };
  }
  if (input.claimId) await closeClaim(db, input.claimId, userId);
  return { outcome: input.decision === "accept" ? "accepted" : "overridden", queueId: item.queueId };
}
