"use server";
// Project-admin actions on memberships.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { grantRole, removeMember } from "@/lib/projects/members";
import { RoleSchema } from "@/lib/auth/roles";
import { countLiveTokensOf } from "@/lib/tokens/tokens";
import { saidError } from "@/lib/errors/said-error";
import { roleLabel } from "@/lib/i18n/labels";

const ProjectIdSchema = z.string().min(1).max(40);

export async function grantRoleAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, email, role } = z
      .object({ projectId: ProjectIdSchema, email: z.string(), role: z.string() })
      .parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    const membership = await grantRole(db(), projectId, { email, role });
    await recordAudit(db(), { userId: access.user.id, projectId, action: "member.grant", targetType: "user", targetId: membership.userId, details: { role: membership.role } });
    revalidatePath("/projects", "layout");
    const above = await countLiveTokensOf(db(), membership.userId, projectId, RoleSchema.parse(membership.role));
    const role_ = roleLabel(t, membership.role);
    return { ok: true, message: above > 0 ? t("messages.memberGrantedTokens", { email, role: role_, count: above }) : t("messages.memberGranted", { email, role: role_ }) };
  });
}

export async function removeMemberAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const { projectId, userId } = z.object({ projectId: ProjectIdSchema, userId: z.string().min(1).max(40) }).parse(formFields(form));
    const access = await requireRole(projectId, "admin");
    if (userId === access.user.id) throw saidError("invalid_input", "messages.cannotRemoveSelf");
    await removeMember(db(), projectId, userId);
    await recordAudit(db(), { userId: access.user.id, projectId, action: "member.remove", targetType: "user", targetId: userId });
    revalidatePath("/projects", "layout");
    const tokens = await countLiveTokensOf(db(), userId, projectId);
    return { ok: true, message: t("messages.memberRemoved", { count: tokens }) };
  });
}
