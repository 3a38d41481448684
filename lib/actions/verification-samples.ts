"use server";
// Sampled verification of an evaluation run: an admin draws the first round of a run's sample,
// or exactly the episodes "How many more?" asks for, and queues them (queue creation is an
// admin's, so both are). Each checks the caller's role on the project, and the run belongs to
// that project (lib/runs/sampling/draw-sample.ts finds it within the project or answers 404).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { SAMPLE_DESIGNS } from "@/lib/domain/estimates/strata";
import { drawFirstAndQueue, drawMoreAndQueue, type QueuedRound } from "@/lib/runs/sampling/queue-round";
import type { Translate } from "@/lib/i18n/translate";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const QueueFields = {
  overlap: z.coerce.number().int().min(1).max(10),
  leaseMinutes: z.coerce.number().int().min(1).max(1440),
  // Percent of the queue's items; empty means the project's setting.
  honeypotPercent: z.union([z.literal("").transform(() => undefined), z.coerce.number().min(0).max(90)]).optional(),
};

const FirstDrawFormSchema = z.object({
  projectId: RowIdSchema,
  runId: RowIdSchema,
  design: z.enum(SAMPLE_DESIGNS),
  size: z.coerce.number().int().min(1).max(1_000_000),
  seed: z.string().trim().optional().transform((v) => v || undefined),
  ...QueueFields,
});

const MoreFormSchema = z.object({
  projectId: RowIdSchema,
  runId: RowIdSchema,
  targetPoints: z.coerce.number().gt(0).max(50),
  expected: z.coerce.number().int().min(1),
  ...QueueFields,
});

function queueOf(form: FormData, fields: { overlap: number; leaseMinutes: number; honeypotPercent?: number }) {
  return {
    overlap: fields.overlap,
    leaseSeconds: fields.leaseMinutes * 60,
    memberIds: z.array(RowIdSchema).max(1_000).parse(form.getAll("memberIds")),
    honeypotRate: fields.honeypotPercent === undefined ? undefined : fields.honeypotPercent / 100,
  };
}

function said(t: Translate, r: QueuedRound): string {
  const episodes = r.drawn === 1 ? t("messages.episodeOne") : t("messages.episodeMany", { count: r.drawn });
  const verified = r.alreadyVerified === 1 ? t("messages.verifiedOne") : t("messages.verifiedMany", { count: r.alreadyVerified });
  const round = r.round;
  if (r.queue) {
    const queued = { episodes, round, queued: r.queued, queue: r.queue.name };
    return r.alreadyVerified ? t("messages.drewQueuedVerified", { ...queued, verified }) : t("messages.drewQueued", queued);
  }
  return r.alreadyVerified ? t("messages.drewNothingVerified", { episodes, round, verified }) : t("messages.drewNothing", { episodes, round });
}

export async function drawSampleAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = FirstDrawFormSchema.parse(formFields(form));
    const access = await requireRole(fields.projectId, "admin");
    const round = await drawFirstAndQueue(db(), access, { runId: fields.runId, design: fields.design, size: fields.size, seed: fields.seed }, queueOf(form, fields));
    revalidatePath("/projects", "layout");
    return { ok: true, message: said(t, round) };
  });
}

export async function drawMoreSampleAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = MoreFormSchema.parse(formFields(form));
    const access = await requireRole(fields.projectId, "admin");
    const round = await drawMoreAndQueue(db(), access, { runId: fields.runId, targetHalfWidth: fields.targetPoints / 100, expected: fields.expected }, queueOf(form, fields));
    revalidatePath("/projects", "layout");
    return { ok: true, message: said(t, round) };
  });
}
