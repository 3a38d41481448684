import "server-only";
// The authorization gate. Every server action and route handler calls requireUser,
// requireOwner or requireRole against the project of the object it touches; proxy.ts is
// only a convenience redirect (middleware can be bypassed, CVE-2025-29927).
import { getServerSession } from "next-auth";
import { cache } from "react";
import { authOptions } from "@/lib/auth/options";
import { isSessionLive, type SessionClaims } from "@/lib/auth/session-token";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { execFor } from "@/lib/derived/sql-exec";
import { asBool, asDate } from "@/lib/sql/sql-reader";
import { saidError } from "@/lib/i18n/said-error";

export type CurrentUser = { id: string; email: string; name: string; isOwner: boolean };
export type ProjectAccess = { user: CurrentUser; projectId: string; role: Role | "owner" };

// A valid signature is not enough: the session must still be live (not signed out, issued
// under the user's current session version, young enough) and the user enabled.
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = (await getServerSession(authOptions())) as { userId?: string; claims?: SessionClaims | null } | null;
  if (!session?.userId || !session.claims || session.claims.userId !== session.userId) return null;
  const user = await sessionUser(session.userId);
  if (!user || user.isPlaceholder || !(await isSessionLive(db(), session.claims, user))) return null;
  return { id: user.id, email: user.email, name: user.name, isOwner: user.isOwner };
});

// Raw reads: every request makes them (lib/derived/sql-exec.ts says why).
async function sessionUser(userId: string) {
  const [u] = await execFor(db()).all<{ id: string; email: string; name: string; isOwner: unknown; isPlaceholder: unknown; disabledAt: unknown; sessionVersion: number }>(
    `SELECT "id", "email", "name", "isOwner", "isPlaceholder", "disabledAt", "sessionVersion" FROM "User" WHERE "id" = ?`,
    [userId],
  );
  if (!u) return null;
  return { ...u, isOwner: asBool(u.isOwner), isPlaceholder: asBool(u.isPlaceholder), disabledAt: asDate(u.disabledAt), sessionVersion: Number(u.sessionVersion) };
}

export async function requireUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) throw saidError("unauthenticated", "messages.signInFirst");
  return user;
}

export async function requireOwner(): Promise<CurrentUser> {
  const user = await requireUser();
  if (!user.isOwner) throw saidError("forbidden", "messages.ownerOnly");
  return user;
}

// Site owners manage every project. A project the caller is not a member of answers
// not_found, never forbidden, so ids of other projects reveal nothing.
export async function requireRole(projectId: string, needed: Role): Promise<ProjectAccess> {
  const user = await requireUser();
  return authorizeProject(user, projectId, needed);
}

export async function authorizeProject(user: CurrentUser, projectId: string, needed: Role): Promise<ProjectAccess> {
  const exec = execFor(db());
  if (user.isOwner) {
    const exists = await exec.all(`SELECT 1 FROM "Project" WHERE "id" = ?`, [projectId]);
    if (!exists.length) throw saidError("not_found", "messages.noSuchProject");
    return { user, projectId, role: "owner" };
  }
  const [membership] = await exec.all<{ role: string }>(`SELECT "role" FROM "Membership" WHERE "projectId" = ? AND "userId" = ?`, [projectId, user.id]);
  if (!membership) throw saidError("not_found", "messages.noSuchProject");
  if (!roleAtLeast(membership.role, needed)) {
    throw saidError("forbidden", `messages.needsRole.${needed}`);
  }
  return { user, projectId, role: membership.role as Role };
}
