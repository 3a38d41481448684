"use server";
// Server actions of the grounding review screen: judge overrides and the bulk pass. Each checks
// the caller's role on the sample's project. Saves go to the answer route
// (app/api/projects/[projectId]/samples/[sampleId]/answer).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { reviewOverride } from "@/lib/verdicts/override-review";
import { dismissRewrite } from "@/lib/verdicts/dismiss-rewrite";
import { recordAudit } from "@/lib/audit/record";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import { type ActionResult } from "@/lib/actions/result";
import { failureText } from "@/lib/actions/run-action";
import { getT } from "@/lib/i18n/server";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const OverrideSchema = z.object({
  projectId: RowIdSchema,
  verdictId: RowIdSchema,
  value: z.union([z.boolean(), z.number().min(0).max(10)]),
  reason: z.string(),
  verdictRevision: z.number().int().min(1).optional(),
});

export async function overrideVerdictAction(input: z.input<typeof OverrideSchema>): Promise<ActionResult> {
  try {
    const parsed = OverrideSchema.parse(input);
    const access = await requireRole(parsed.projectId, "reviewer");
    await overrideVerdict(db(), access, parsed);
    revalidatePath("/projects", "layout");
    return { ok: true, message: (await getT()).t("messages.overrideRecorded") };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

const OverrideReviewActionSchema = z.object({ projectId: RowIdSchema, overrideId: RowIdSchema, decision: z.enum(["confirm", "withdraw"]), reason: z.string().max(2_000).optional() });

/** Confirm an override whose verdict changed under it, or withdraw it (lib/verdicts/override-review.ts). */
export async function reviewOverrideAction(input: z.input<typeof OverrideReviewActionSchema>): Promise<ActionResult> {
  try {
    const parsed = OverrideReviewActionSchema.parse(input);
    const access = await requireRole(parsed.projectId, "reviewer");
    await reviewOverride(db(), access, parsed);
    revalidatePath("/projects", "layout");
    const { t } = await getT();
    return { ok: true, message: t(parsed.decision === "confirm" ? "messages.overrideConfirmed" : "messages.overrideWithdrawn") };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

const BulkSchema = z.object({ projectId: RowIdSchema, sampleIds: z.array(RowIdSchema).min(1).max(500), decision: z.enum(["accept", "reject"]) });

export async function bulkDecideAction(input: z.input<typeof BulkSchema>): Promise<ActionResult> {
  try {
    const parsed = BulkSchema.parse(input);
    const access = await requireRole(parsed.projectId, "reviewer");
    const { decided, unchanged } = await bulkDecide(db(), access, parsed.sampleIds, parsed.decision);
    revalidatePath("/projects", "layout");
    const { t } = await getT();
    const isAccept = parsed.decision === "accept";
    if (!unchanged) return { ok: true, message: isAccept ? t("messages.bulkAccepted", { count: decided }) : t("messages.bulkRejected", { count: decided }) };
    return { ok: true, message: t(isAccept ? "messages.bulkAcceptedSome" : "messages.bulkRejectedSome", { count: decided, unchanged }) };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

const DismissRewriteSchema = z.object({ projectId: RowIdSchema, verdictId: RowIdSchema });

/** Sets a quality teacher's proposed instruction aside (lib/verdicts/dismiss-rewrite.ts). */
export async function dismissRewriteAction(input: z.input<typeof DismissRewriteSchema>): Promise<ActionResult> {
  try {
    const parsed = DismissRewriteSchema.parse(input);
    const access = await requireRole(parsed.projectId, "reviewer");
    await dismissRewrite(db(), parsed.projectId, parsed.verdictId, access.user.id);
    await recordAudit(db(), { userId: access.user.id, projectId: parsed.projectId, action: "verdict.dismiss_rewrite", targetType: "judge_verdict", targetId: parsed.verdictId });
    revalidatePath("/projects", "layout");
    return { ok: true, message: (await getT()).t("quality.rewriteDismissed") };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}
