"use server";
// Site-owner actions on accounts and projects.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireOwner } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formFields, runAction, type ActionResult } from "@/lib/actions/result";
import { createUser, endUserSessions, setPassword, setUserDisabled } from "@/lib/users/users";
import { countLiveTokensOf } from "@/lib/tokens/tokens";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { generatePassword } from "@/lib/auth/password";

export async function createUserAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const fields = z
      .object({ email: z.string(), name: z.string(), isOwner: z.enum(["on"]).optional() })
      .parse(formFields(form));
    const password = generatePassword();
    const user = await createUser(db(), { ...fields, isOwner: fields.isOwner === "on", password });
    await recordAudit(db(), { userId: owner.id, action: "user.create", targetType: "user", targetId: user.id });
    revalidatePath("/admin/users");
    return { ok: true, message: `Created ${user.email}. Give them this password; it is shown once.`, secret: password };
  });
}

export async function resetPasswordAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const { email } = z.object({ email: z.string() }).parse(formFields(form));
    const password = generatePassword();
    const user = await setPassword(db(), email, password);
    await recordAudit(db(), { userId: owner.id, action: "user.password_reset", targetType: "user", targetId: user.id });
    return { ok: true, message: `New password for ${user.email}; it is shown once. Their sessions have ended.`, secret: password };
  });
}

export async function setUserDisabledAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const { userId, disabled } = z
      .object({ userId: z.string().min(1).max(40), disabled: z.enum(["true", "false"]) })
      .parse(formFields(form));
    if (userId === owner.id) throw new AppError("invalid_input", "You cannot disable your own account.");
    const user = await setUserDisabled(db(), userId, disabled === "true");
    await recordAudit(db(), { userId: owner.id, action: disabled === "true" ? "user.disable" : "user.enable", targetType: "user", targetId: userId });
    revalidatePath("/admin/users");
    const tokens = await countLiveTokensOf(db(), userId, null);
    if (disabled === "true") {
      return { ok: true, message: `${user.email} is disabled: signed out everywhere, and the API tokens they created (${tokens}) stop acting until they are enabled again.` };
    }
    return { ok: true, message: `${user.email} is enabled; the API tokens they created (${tokens}) act again where they are still a member with the token's role.` };
  });
}

// "Sign out everywhere" for someone else: a lost laptop, a shared browser.
export async function endSessionsAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const { userId } = z.object({ userId: z.string().min(1).max(40) }).parse(formFields(form));
    const user = await endUserSessions(db(), userId).catch(() => {
      throw new AppError("not_found", "No such user.");
    });
    await recordAudit(db(), { userId: owner.id, action: "user.end_sessions", targetType: "user", targetId: userId });
    return { ok: true, message: `Every session of ${user.email} has ended; their API tokens are not affected (revoke them on the project's API tokens screen).` };
  });
}

export async function createProjectAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const project = await createProject(db(), formFields(form) as { slug: string; name: string });
    // The creator works in it from the start (queues and triage pick their members among
    // the project's members, and the site owner's implicit access is no membership).
    await grantRole(db(), project.id, { email: owner.email, role: "admin" });
    await recordAudit(db(), { userId: owner.id, projectId: project.id, action: "project.create", targetType: "project", targetId: project.id });
    revalidatePath("/projects");
    return { ok: true, message: `Created project ${project.slug}.` };
  });
}
