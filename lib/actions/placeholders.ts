"use server";
// Site-owner actions on placeholder accounts (lib/users/placeholders.ts): link one to an
// existing user, or make a user of it.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireOwner } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, runAction, type ActionResult } from "@/lib/actions/result";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { convertPlaceholder, linkPlaceholder } from "@/lib/users/placeholders";
import { EmailSchema } from "@/lib/users/users";

const Id = z.string().min(1).max(40);

export async function linkPlaceholderAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const { placeholderId, userId } = z.object({ placeholderId: Id, userId: z.string().min(1, "choose a user").max(40) }).parse(formFields(form));
    const linked = await linkPlaceholder(db(), { placeholderId, userId, ownerId: owner.id });
    revalidatePath("/admin/users");
    return { ok: true, message: `${linked.placeholder} is ${linked.user.email}: ${linked.annotations} answers and ${linked.revisions} final answers credited to it are theirs now, and later imports of the same labels find them.` };
  });
}

export async function convertPlaceholderAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async () => {
    const owner = await requireOwner();
    const fields = z.object({ placeholderId: Id, email: EmailSchema, name: z.string().trim().min(1, "is required").max(200) }).parse(formFields(form));
    const password = generatePassword();
    const made = await convertPlaceholder(db(), { placeholderId: fields.placeholderId, email: fields.email, name: fields.name, passwordHash: await hashPassword(password), ownerId: owner.id });
    revalidatePath("/admin/users");
    return { ok: true, message: `${made.placeholder} is now the user ${made.user.email}, with its ${made.annotations} answers. Give them this password; it is shown once.`, secret: password };
  });
}
