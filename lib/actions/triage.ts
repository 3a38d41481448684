"use server";
// Triage actions, reviewers and admins only: make a triage queue from the ranked list, start
// working a triage queue, and decide one item (accept the judge, override it, or skip) and
// move on. Each checks the caller's role on the project; the triage functions check that the
// queue, item and claim belong to it.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction, failureText } from "@/lib/actions/run-action";
import { TRIAGE_REASONS } from "@/lib/domain/triage-impact";
import { createTriageQueue } from "@/lib/triage/create-triage-queue";
import { decideTriageItem, DecideTriageInputSchema, type TriageOutcome } from "@/lib/triage/decide-triage-item";
import { nextTriageLocation } from "@/lib/triage/next-triage-item";
import { saidError } from "@/lib/errors/said-error";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const NewTriageQueueFormSchema = z.object({
  projectId: RowIdSchema,
  name: z.string(),
  limit: z.coerce.number().int(),
  leaseMinutes: z.coerce.number().int().min(1).max(1440),
});

export async function createTriageQueueAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, name, limit, leaseMinutes } = NewTriageQueueFormSchema.parse(formFields(form));
    const access = await requireRole(projectId, "reviewer");
    const memberIds = z.array(RowIdSchema).max(1_000).parse(form.getAll("memberIds"));
    const reasons = z.array(z.enum(TRIAGE_REASONS)).parse(form.getAll("reasons"));
    const { queue, itemCount } = await createTriageQueue(db(), access, { name, memberIds, limit, leaseSeconds: leaseMinutes * 60, reasons });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.triageQueueCreated", { name: queue.name, items: itemCount === 1 ? t("messages.itemOne") : t("messages.itemMany", { count: itemCount }) }) };
  });
}

type Navigation = { ok: true; location: string; message?: string } | { ok: false; error: string };

async function projectOf(projectId: string) {
  const project = await db().project.findUnique({ where: { id: projectId }, select: { id: true, slug: true } });
  if (!project) throw saidError("not_found", "messages.noSuchProject");
  return project;
}

export async function startTriageAction(input: { projectId: string; queueId: string }): Promise<Navigation> {
  try {
    const { projectId, queueId } = z.object({ projectId: RowIdSchema, queueId: RowIdSchema }).parse(input);
    const access = await requireRole(projectId, "reviewer");
    return { ok: true, location: await nextTriageLocation(db(), await projectOf(projectId), queueId, access.user.id) };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}

const DecideSchema = DecideTriageInputSchema.extend({ projectId: RowIdSchema, queueId: RowIdSchema.optional() });

const DONE: Record<TriageOutcome, PlainKey> = {
  accepted: "messages.triageAccepted",
  overridden: "messages.triageOverridden",
  skipped: "messages.triageSkipped",
  already_decided: "messages.triageAlreadyDecided",
};

// After the decision: in queue mode the next claimed item (or the list when the queue is
// done), otherwise back to the triage list.
export async function decideTriageAction(input: z.input<typeof DecideSchema>): Promise<Navigation> {
  try {
    const { projectId, queueId, ...decision } = DecideSchema.parse(input);
    const access = await requireRole(projectId, "reviewer");
    const project = await projectOf(projectId);
    if (queueId && !(await db().queueItem.count({ where: { id: decision.queueItemId, queueId, queue: { projectId } } }))) {
      throw saidError("not_found", "messages.noSuchQueueItem");
    }
    const { outcome } = await decideTriageItem(db(), access, decision);
    revalidatePath("/projects", "layout");
    // Only a member of the queue claims its next item; anyone else goes back to the list.
    const isMember = queueId ? (await db().queueMember.count({ where: { queueId, userId: access.user.id } })) > 0 : false;
    const location = queueId && isMember
      ? await nextTriageLocation(db(), project, queueId, access.user.id)
      : `/projects/${project.slug}/triage`;
    return { ok: true, location, message: (await getT()).t(DONE[outcome]) };
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}
