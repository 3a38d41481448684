import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { RoleSchema } from "@/lib/auth/roles";
import { EmailSchema } from "@/lib/users/users";
import { saidError } from "@/lib/errors/said-error";

export const GrantSchema = z.object({ email: EmailSchema, role: RoleSchema });

export async function grantRole(db: Db, projectId: string, input: { email: string; role: string }) {
  const { email, role } = GrantSchema.parse(input);
  const user = await db.user.findUnique({ where: { email } });
  // A placeholder stands for imported labels only: it works nowhere until an owner links it.
  if (!user || user.isPlaceholder) throw saidError("not_found", "messages.noUserWithEmail", { email });
  return db.membership.upsert({
    where: { projectId_userId: { projectId, userId: user.id } },
    create: { projectId, userId: user.id, role },
    update: { role },
  });
}

export async function removeMember(db: Db, projectId: string, userId: string) {
  const { count } = await db.membership.deleteMany({ where: { projectId, userId } });
  if (count === 0) throw saidError("not_found", "messages.noSuchMember");
}

export async function listMembers(db: Db, projectId: string) {
  return db.membership.findMany({
    where: { projectId },
    orderBy: { user: { email: "asc" } },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true, disabledAt: true } } },
  });
}
