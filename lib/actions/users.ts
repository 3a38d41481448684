"use server";
// Site-owner actions on accounts and projects.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireOwner } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { createUser, setPassword, setUserDisabled } from "@/lib/users/users";
import { endUserSessions } from "@/lib/auth/session-token";
import { countLiveTokensOf } from "@/lib/tokens/tokens";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { generatePassword } from "@/lib/auth/password";
import { saidError } from "@/lib/errors/said-error";

export async function createUserAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const fields = z
      .object({ email: z.string(), name: z.string(), isOwner: z.enum(["on"]).optional() })
      .parse(formFields(form));
    const password = generatePassword();
    const user = await createUser(db(), { ...fields, isOwner: fields.isOwner === "on", password });
    await recordAudit(db(), { userId: owner.id, action: "user.create", targetType: "user", targetId: user.id });
    revalidatePath("/admin/users");
    return { ok: true, message: t("messages.userCreated", { email: user.email }), secret: password };
  });
}

export async function resetPasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const { email } = z.object({ email: z.string() }).parse(formFields(form));
    const password = generatePassword();
    const user = await setPassword(db(), email, password);
    await recordAudit(db(), { userId: owner.id, action: "user.password_reset", targetType: "user", targetId: user.id });
    return { ok: true, message: t("messages.passwordReset", { email: user.email }), secret: password };
  });
}

export async function setUserDisabledAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const { userId, disabled } = z
      .object({ userId: z.string().min(1).max(40), disabled: z.enum(["true", "false"]) })
      .parse(formFields(form));
    if (userId === owner.id) throw saidError("invalid_input", "messages.cannotDisableSelf");
    const user = await setUserDisabled(db(), userId, disabled === "true");
    await recordAudit(db(), { userId: owner.id, action: disabled === "true" ? "user.disable" : "user.enable", targetType: "user", targetId: userId });
    revalidatePath("/admin/users");
    const tokens = await countLiveTokensOf(db(), userId, null);
    if (disabled === "true") {
      return { ok: true, message: t("messages.userDisabled", { email: user.email, count: tokens }) };
    }
    return { ok: true, message: t("messages.userEnabled", { email: user.email, count: tokens }) };
  });
}

// "Sign out everywhere" for someone else: a lost laptop, a shared browser.
export async function endSessionsAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const { userId } = z.object({ userId: z.string().min(1).max(40) }).parse(formFields(form));
    const user = await endUserSessions(db(), userId).catch(() => {
      throw saidError("not_found", "messages.noSuchUser");
    });
    await recordAudit(db(), { userId: owner.id, action: "user.end_sessions", targetType: "user", targetId: userId });
    return { ok: true, message: t("messages.sessionsEnded", { email: user.email }) };
  });
}

export async function createProjectAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const project = await createProject(db(), formFields(form) as { slug: string; name: string });
    // The creator works in it from the start (queues and triage pick their members among
    // the project's members, and the site owner's implicit access is no membership).
    await grantRole(db(), project.id, { email: owner.email, role: "admin" });
    await recordAudit(db(), { userId: owner.id, projectId: project.id, action: "project.create", targetType: "project", targetId: project.id });
    revalidatePath("/projects");
    return { ok: true, message: t("messages.projectCreated", { slug: project.slug }) };
  });
}
