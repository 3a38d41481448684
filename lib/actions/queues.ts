"use server";
// Queue actions: an admin creates a queue, closes, reopens, archives or restores it; an
// annotator gives a claim back (skip); closing one goes to the claim's submit route.
// The claim functions check queue membership only, so each action first checks the caller's
// role on the project and that the queue (or claim) belongs to that project.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { createQueue } from "@/lib/queues/create-queue";
import { createListQueue } from "@/lib/queues/create-list-queue";
import { SelectedIdsSchema } from "@/lib/queues/selected-ids";
import { changeQueueStatus } from "@/lib/queues/queue-status";
import { releaseClaim } from "@/lib/queues/release-claim";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";
import { sayIn } from "@/lib/i18n/said";
import { saidError } from "@/lib/errors/said-error";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const NewQueueFormSchema = z.object({
  projectId: RowIdSchema,
  name: z.string(),
  itemType: z.enum(["sample", "trajectory"]),
  overlap: z.coerce.number().int().min(1).max(10),
  leaseMinutes: z.coerce.number().int().min(1).max(1440),
  // Percent of the queue's items; empty means the project's setting.
  honeypotPercent: z.union([z.literal("").transform(() => undefined), z.coerce.number().min(0).max(90)]).optional(),
});

// The list filters drop a bad value silently (`.catch`), which suits a URL but would widen a
// queue's selection behind the admin's back: here a value that does not survive is an error.
function strictFilter<S extends typeof SampleFilterSchema | typeof TrajectoryFilterSchema>(schema: S, fields: Record<string, string>): z.infer<S> {
  const given = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key !== "after" && fields[`filter.${key}`])
      .map((key) => [key, fields[`filter.${key}`]]),
  );
  const parsed = schema.parse(given) as Record<string, unknown>;
  const rejected = Object.keys(given).filter((key) => parsed[key] === undefined);
  if (rejected.length) throw saidError("invalid_input", "messages.filterRefused", { fields: rejected.join(", ") });
  return parsed as z.infer<S>;
}

export async function createQueueAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId, name, itemType, overlap, leaseMinutes, honeypotPercent } = NewQueueFormSchema.parse(fields);
    const access = await requireRole(projectId, "admin");
    const memberIds = z.array(RowIdSchema).max(1_000).parse(form.getAll("memberIds"));
    const honeypotRate = honeypotPercent === undefined ? undefined : honeypotPercent / 100;
    const common = { name, overlap, leaseSeconds: leaseMinutes * 60, memberIds, honeypotRate };
    const picked = form.getAll("itemIds");
    // A hand-picked selection ("Queue N selected"): every id must be one of the project's
    // samples or trajectories (createListQueue counts them in the project, else refuses all).
    const made = picked.length
      ? await createListQueue(db(), access, { ...common, itemType, itemIds: SelectedIdsSchema.parse(picked), selection: { selected: true } })
      : await createQueue(db(), access, filterInput(itemType, common, fields));
    const { queue, itemCount, honeypotCount } = made;
    revalidatePath("/projects", "layout");
    const items = itemCount === 1 ? t("messages.itemOne") : t("messages.itemMany", { count: itemCount });
    if (!honeypotCount) return { ok: true, message: t("messages.queueCreated", { name: queue.name, items }) };
    const honeypots = honeypotCount === 1 ? t("messages.honeypotOne") : t("messages.honeypotMany", { count: honeypotCount });
    return { ok: true, message: t("messages.queueCreatedHoneypots", { name: queue.name, items, honeypots }) };
  });
}

function filterInput(itemType: "sample" | "trajectory", common: { name: string; overlap: number; leaseSeconds: number; memberIds: string[]; honeypotRate: number | undefined }, fields: Record<string, string>) {
  return (
      itemType === "sample"
        ? { ...common, itemType, filter: strictFilter(SampleFilterSchema, fields) }
        : { ...common, itemType, filter: strictFilter(TrajectoryFilterSchema, fields) }
  );
}

const SkipClaimSchema = z.object({ projectId: RowIdSchema, claimId: RowIdSchema });

/** Skip: the item goes back to the queue for others and never comes back to the caller. */
export async function skipClaimAction(input: z.input<typeof SkipClaimSchema>): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, claimId } = SkipClaimSchema.parse(input);
    const access = await requireRole(projectId, "annotator");
    const claim = await db().claim.count({ where: { id: claimId, userId: access.user.id, queueItem: { queue: { projectId } } } });
    if (!claim) throw saidError("not_found", "messages.noSuchClaim");
    await releaseClaim(db(), { claimId, userId: access.user.id });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.skipped") };
  });
}

const QueueStatusSchema = z.object({ projectId: RowIdSchema, queueId: RowIdSchema, change: z.enum(["close", "reopen", "archive", "restore"]) });

/** Close (no new claims), reopen, archive (off the list) or restore a queue: admins. */
export async function changeQueueStatusAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, queueId, change } = QueueStatusSchema.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    const done = await changeQueueStatus(db(), access, queueId, change);
    revalidatePath("/projects", "layout");
    return { ok: true, message: sayIn(t, done) };
  });
}
