"use server";
// Admins turn a verified sample or trajectory into a honeypot, and remove honeypots.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { makeHoneypot, removeHoneypot } from "@/lib/queues/honeypots";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const MakeSchema = z.object({ projectId: RowIdSchema, itemType: z.enum(["sample", "trajectory"]), itemId: RowIdSchema });

export async function makeHoneypotAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, itemType, itemId } = MakeSchema.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await makeHoneypot(db(), access, itemType === "sample" ? { sampleId: itemId } : { trajectoryId: itemId });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.honeypotMade") };
  });
}

const RemoveSchema = z.object({ projectId: RowIdSchema, honeypotId: RowIdSchema });

export async function removeHoneypotAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, honeypotId } = RemoveSchema.parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await removeHoneypot(db(), access, honeypotId);
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.honeypotRemoved") };
  });
}
