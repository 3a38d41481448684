import "server-only";
// Accounts. Only the site owner creates accounts (no self-registration); the CLI does the
// same through these functions. Changing a password and disabling an account end every
// session of the user (their session version moves, lib/auth/session-token.ts).
import { z } from "zod";
import type { Db } from "@/lib/db";
import { hashPassword, MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { saidError } from "@/lib/errors/said-error";

export const EmailSchema = z.string().trim().toLowerCase().email("must be an e-mail address").max(320);
export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

export const NewUserSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1, "is required").max(200),
  password: PasswordSchema,
  isOwner: z.boolean().default(false),
});
export type NewUser = z.input<typeof NewUserSchema>;

export async function createUser(db: Db, input: NewUser) {
  const data = NewUserSchema.parse(input);
  const taken = await db.user.findUnique({ where: { email: data.email } });
  if (taken) throw saidError("conflict", "messages.userEmailTaken", { email: data.email });
  return db.user.create({
    data: { email: data.email, name: data.name, isOwner: data.isOwner, passwordHash: await hashPassword(data.password) },
    select: { id: true, email: true, name: true, isOwner: true },
  });
}

export async function setPassword(db: Db, email: string, password: string) {
  const parsed = PasswordSchema.parse(password);
  const user = await db.user.findUnique({ where: { email: EmailSchema.parse(email) } });
  if (!user) throw saidError("not_found", "messages.noUserEmail", { email });
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(parsed), sessionVersion: { increment: 1 } } });
  return user;
}

// Enabling again does not revive the sessions a disable ended.
export async function setUserDisabled(db: Db, userId: string, disabled: boolean) {
  return db.user.update({
    where: { id: userId },
    data: disabled ? { disabledAt: new Date(), sessionVersion: { increment: 1 } } : { disabledAt: null },
  });
}

export async function listUsers(db: Db) {
  // Placeholders (accounts of imported annotators) are listed apart (lib/users/placeholders.ts).
  return db.user.findMany({
    where: { isPlaceholder: false },
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      isOwner: true,
      disabledAt: true,
      createdAt: true,
      memberships: { select: { role: true, project: { select: { slug: true, name: true } } } },
    },
  });
}
