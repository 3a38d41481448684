"use server";
// Site-owner actions on placeholder accounts (lib/users/placeholders.ts): link one to an
// existing user, or make a user of it.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireOwner } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formFields, type ActionResult } from "@/lib/actions/result";
import { runAction } from "@/lib/actions/run-action";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { convertPlaceholder, linkPlaceholder } from "@/lib/users/placeholders";
import { EmailSchema } from "@/lib/users/users";

const Id = z.string().min(1).max(40);

export async function linkPlaceholderAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const { placeholderId, userId, confirmNonMember } = z
      .object({ placeholderId: Id, userId: z.string().min(1, "choose a user").max(40), confirmNonMember: z.literal("on").optional() })
      .parse(formFields(form));
    const linked = await linkPlaceholder(db(), { placeholderId, userId, ownerId: owner.id, confirmNonMember: confirmNonMember === "on" });
    revalidatePath("/admin/users");
    return { ok: true, message: t("messages.placeholderLinked", { placeholder: linked.placeholder, email: linked.user.email, annotations: linked.annotations, revisions: linked.revisions }) };
  });
}

export async function convertPlaceholderAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  return runAction(async (t) => {
    const owner = await requireOwner();
    const fields = z.object({ placeholderId: Id, email: EmailSchema, name: z.string().trim().min(1, "is required").max(200) }).parse(formFields(form));
    const password = generatePassword();
    const made = await convertPlaceholder(db(), { placeholderId: fields.placeholderId, email: fields.email, name: fields.name, passwordHash: await hashPassword(password), ownerId: owner.id });
    revalidatePath("/admin/users");
    return { ok: true, message: t("messages.placeholderConverted", { placeholder: made.placeholder, email: made.user.email, annotations: made.annotations }), secret: password };
  });
}
