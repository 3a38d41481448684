"use server";
// Triage actions, reviewers and admins only: make a triage queue from the ranked list, start
// working a triage queue, and decide one item (accept the judge, override it, or skip) and
// move on. Each checks the caller's role on the project; the triage functions check that the
// queue, item and claim belong to it.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { failure, formFields, runAction, type ActionResult } from "@/lib/actions/result";
import { TRIAGE_REASONS } from "@/lib/domain/triage-impact";
import { createTriageQueue } from "@/lib/triage/create-triage-queue";
import { decideTriageItem, DecideTriageInputSchema, type TriageOutcome } from "@/lib/triage/decide-triage-item";
import { nextTriageLocation } from "@/lib/triage/next-triage-item";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);

const NewTriageQueueFormSchema = z.object({
  projectId: Id,
  name: z.string(),
  limit: z.coerce.number().int(),
  leaseMinutes: z.coerce.number().int().min(1).max(1440),
});

export async function createTriageQueueAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const { projectId, name, limit, leaseMinutes } = NewTriageQueueFormSchema.parse(formFields(form));
    const access = await requireRole(projectId, "reviewer");
    const memberIds = z.array(Id).max(1_000).parse(form.getAll("memberIds"));
    const reasons = z.array(z.enum(TRIAGE_REASONS)).parse(form.getAll("reasons"));
    const { queue, itemCount } = await createTriageQueue(db(), access, { name, memberIds, limit, leaseSeconds: leaseMinutes * 60, reasons });
    revalidatePath("/projects", "layout");
    return { ok: true, message: `Triage queue "${queue.name}" created with ${itemCount} ${itemCount === 1 ? "item" : "items"}.` };
  });
}

type Navigation = { ok: true; location: string; message?: string } | { ok: false; error: string };

async function projectOf(projectId: string) {
  const project = await db().project.findUnique({ where: { id: projectId }, select: { id: true, slug: true } });
  if (!project) throw new AppError("not_found", "No such project.");
  return project;
}

export async function startTriageAction(input: { projectId: string; queueId: string }): Promise<Navigation> {
  try {
    const { projectId, queueId } = z.object({ projectId: Id, queueId: Id }).parse(input);
    const access = await requireRole(projectId, "reviewer");
    return { ok: true, location: await nextTriageLocation(db(), await projectOf(projectId), queueId, access.user.id) };
  } catch (error) {
    const result = failure(error);
    return { ok: false, error: result.ok ? "" : result.error };
  }
}

const DecideSchema = DecideTriageInputSchema.extend({ projectId: Id, queueId: Id.optional() });

const DONE: Record<TriageOutcome, string> = {
  accepted: "Judge accepted.",
  overridden: "Judge overridden.",
  skipped: "Skipped.",
  already_decided: "Someone else decided this item first; nothing was changed.",
};

// After the decision: in queue mode the next claimed item (or the list when the queue is
// done), otherwise back to the triage list.
export async function decideTriageAction(input: z.input<typeof DecideSchema>): Promise<Navigation> {
  try {
    const { projectId, queueId, ...decision } = DecideSchema.parse(input);
    const access = await requireRole(projectId, "reviewer");
    const project = await projectOf(projectId);
    if (queueId && !(await db().queueItem.count({ where: { id: decision.queueItemId, queueId, queue: { projectId } } }))) {
      throw new AppError("not_found", "No such item in this queue.");
    }
    const { outcome } = await decideTriageItem(db(), access, decision);
    revalidatePath("/projects", "layout");
    // Only a member of the queue claims its next item; anyone else goes back to the list.
    const isMember = queueId ? (await db().queueMember.count({ where: { queueId, userId: access.user.id } })) > 0 : false;
    const location = queueId && isMember
      ? await nextTriageLocation(db(), project, queueId, access.user.id)
      : `/projects/${project.slug}/triage`;
    return { ok: true, location, message: DONE[outcome] };
  } catch (error) {
    const result = failure(error);
    return { ok: false, error: result.ok ? "" : result.error };
  }
}
