import "server-only";
// The authorization gate. Every server action and route handler calls requireUser,
// requireOwner or requireRole against the project of the object it touches; proxy.ts is
// only a convenience redirect (middleware can be bypassed, CVE-2025-29927).
import { cookies } from "next/headers";
import { cache } from "react";
import type { Role } from "@/lib/auth/roles";
import { authorizeProject, signedIn, userOfSessionCookies, type CurrentUser, type ProjectAccess } from "@/lib/auth/session-user";
import { saidError } from "@/lib/errors/said-error";

export type { CurrentUser, ProjectAccess } from "@/lib/auth/session-user";

// The caller of this app-router request (lib/auth/session-user.ts checks the session), once per request.
export const currentUser = cache(async (): Promise<CurrentUser | null> => userOfSessionCookies(await cookies()));

export async function requireUser(): Promise<CurrentUser> {
  return signedIn(await currentUser());
}

export async function requireOwner(): Promise<CurrentUser> {
  const user = await requireUser();
  if (!user.isOwner) throw saidError("forbidden", "messages.ownerOnly");
  return user;
}

// Site owners manage every project; a project the caller is not a member of answers not_found
// (lib/auth/session-user.ts).
export async function requireRole(projectId: string, needed: Role): Promise<ProjectAccess> {
  const user = await requireUser();
  return authorizeProject(user, projectId, needed);
}
