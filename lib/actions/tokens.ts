"use server";
// Project-admin actions on API tokens.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { createApiToken, revokeApiToken } from "@/lib/tokens/tokens";

const Ids = z.object({ projectId: z.string().min(1).max(40) });

export async function createTokenAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const fields = formFields(form);
    const { projectId } = Ids.parse(fields);
    const access = await requireRole(projectId, "admin");
    const { secret, token } = await createApiToken(db(), projectId, access.user.id, {
      name: fields.name,
      role: fields.role,
      expiresInDays: fields.expiresInDays || undefined,
    });
    await recordAudit(db(), { userId: access.user.id, projectId, action: "token.create", targetType: "api_token", targetId: token.id, details: { role: token.role } });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.tokenCreated", { name: token.name }), secret };
  });
}

export async function revokeTokenAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, tokenId } = Ids.extend({ tokenId: z.string().min(1).max(40) }).parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    await revokeApiToken(db(), projectId, tokenId);
    await recordAudit(db(), { userId: access.user.id, projectId, action: "token.revoke", targetType: "api_token", targetId: tokenId });
    revalidatePath("/projects", "layout");
    return { ok: true, message: t("messages.tokenRevoked") };
  });
}
