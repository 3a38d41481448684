"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { notifyJobQueued } from "@/lib/worker/in-process-worker";

export async function updateProjectSettingsAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId } = z.object({ projectId: z.string().min(1).max(40) }).parse(fields);
    const access = await requireRole(projectId, "admin");
    // A checkbox list: every checked value, and the list's marker so that none checked means none.
    const penalisedErrorKinds = form.has("penalisedErrorKindsShown") ? form.getAll("penalisedErrorKinds").map(String) : undefined;
    const { project, rederive } = await updateProjectSettings(db(), projectId, { ...fields, penalisedErrorKinds }, access.user.id);
    await recordAudit(db(), { userId: access.user.id, projectId, action: "project.settings", targetType: "project", targetId: projectId, details: project.settings as object });
    if (rederive) notifyJobQueued();
    revalidatePath("/projects", "layout");
    return { ok: true, message: rederive ? t("messages.settingsSavedRederive") : t("messages.settingsSaved") };
  });
}
