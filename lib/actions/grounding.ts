"use server";
// Server actions of the grounding review screen: save (draft or submitted) with optimistic
// locking, and judge overrides. Each checks the caller's role on the sample's project.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { GroundingPayloadSchema } from "@/lib/annotations/grounding-payload";
import { saveGroundingAnnotation, type SavedAnnotation } from "@/lib/annotations/save-annotation";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import { type ActionResult } from "@/lib/actions/result";
import { failureText } from "@/lib/actions/run-action";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { getT } from "@/lib/i18n/server";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);

const SaveSchema = z.object({
  projectId: Id,
  sampleId: Id,
  baseVersion: z.number().int().min(1).nullable(),
  status: z.enum(["draft", "submitted"]),
  payload: GroundingPayloadSchema,
});

export type SaveResult =
  | { ok: true; saved: SavedAnnotation }
  | { ok: false; error: string; conflict?: { version: number; status: string; updatedAt: string; payload: GroundingPayload } | null };

export async function saveGroundingAction(input: z.input<typeof SaveSchema>): Promise<SaveResult> {
  try {
    const parsed = SaveSchema.parse(input);
    const access = await requireRole(parsed.projectId, "annotator");
    const saved = await saveGroundingAnnotation(db(), access, parsed);
    if (parsed.status === "submitted") revalidatePath("/projects", "layout");
    return { ok: true, saved };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: NonNullable<Extract<SaveResult, { ok: false }>["conflict"]> | null };
      return { ok: false, error: await failureText(error), conflict: details.current };
    }
    return { ok: false, error: await failureText(error) };
  }
}

const OverrideSchema = z.object({
  projectId: Id,
  verdictId: Id,
  value: z.union([z.boolean(), z.number().min(0).max(10)]),
  reason: z.string(),
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

const BulkSchema = z.object({ projectId: Id, sampleIds: z.array(Id).min(1).max(500), decision: z.enum(["accept", "reject"]) });

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
