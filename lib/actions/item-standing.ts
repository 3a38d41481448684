"use server";
// Reviewers act on an item's standing from its review page: reopen a settled item (its final
// answer is superseded, not deleted), and accept or dismiss an annotator's proposal.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { keyOf } from "@/lib/annotations/item-key";
import { decideProposal } from "@/lib/annotations/proposals";
import { reopenItem } from "@/lib/annotations/reopen-item";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const ReopenSchema = z.object({ projectId: RowIdSchema, itemType: z.enum(["sample", "trajectory"]), itemId: RowIdSchema, reason: z.string().max(2_000) });

export async function reopenItemAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, itemType, itemId, reason } = ReopenSchema.parse(formFields(form));
    const access = await requireRole(projectId, "reviewer");
    await reopenItem(db(), access, keyOf(itemType, itemId), reason);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.reopened") };
  });
}

const ProposalSchema = z.object({ projectId: RowIdSchema, annotationId: RowIdSchema, decision: z.enum(["accept", "dismiss"]) });

export async function decideProposalAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, annotationId, decision } = ProposalSchema.parse(formFields(form));
    const access = await requireRole(projectId, "reviewer");
    await decideProposal(db(), access, annotationId, decision);
    revalidatePath("/projects", "layout");
    return { ok: true, message: decision === "accept" ? t("messages.proposalAccepted") : t("messages.proposalDismissed") };
  });
}
