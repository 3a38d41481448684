import "server-only";
// Who a request's session cookie names, and what they may do in a project: the checks every
// route and action makes, for whichever router serves the request. Nothing here reads the
// request through next/headers: lib/auth/session.ts gives the app router's cookies, and
// lib/http/pages-project-route.ts a pages-router request's own.
import { getToken } from "next-auth/jwt";
import { authSecret } from "@/lib/env";
import { decodeSessionToken } from "@/lib/auth/session-codec";
import { claimsOf, isSessionLive } from "@/lib/auth/session-token";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { asBool, asDate } from "@/lib/db/sql-reader";
import { saidError } from "@/lib/errors/said-error";

export type CurrentUser = { id: string; email: string; name: string; isOwner: boolean };
export type ProjectAccess = { user: CurrentUser; projectId: string; role: Role | "owner" };

/** A request's cookies as next-auth's getToken reads them: a cookie store, or name to value. */
export type SessionCookies = { getAll(): { name: string; value: string }[] } | Partial<Record<string, string>>;

// A valid signature is not enough: the session must still be live (not signed out, issued
// under the user's current session version, young enough) and the user enabled.
export async function userOfSessionCookies(cookies: SessionCookies): Promise<CurrentUser | null> {
  const claims = claimsOf(await sessionToken(cookies));
  if (!claims) return null;
  const user = await sessionUser(claims.userId);
  if (!user || user.isPlaceholder || !(await isSessionLive(db(), claims, user))) return null;
  return { id: user.id, email: user.email, name: user.name, isOwner: user.isOwner };
}

/** The signed-in caller, or the refusal every route and action gives a request without one. */
export function signedIn(user: CurrentUser | null): CurrentUser {
  if (!user) throw saidError("unauthenticated", "messages.signInFirst");
  return user;
}

// The session cookie decoded as proxy.ts decodes it: next-auth's getToken (the cookie's name,
// its chunks) with Verity's codec and secret. Not getServerSession: that runs next-auth's whole
// session endpoint on every call (a new CSRF token, the callbacks, and a freshly encrypted token
// whose cookie a server component or route cannot set anyway), about a fifth of the CPU of an
// answered request (bench/load-results.md). The cookies only: no headers, so getToken's
// "Authorization: Bearer" fallback never becomes a second way in.
async function sessionToken(cookies: SessionCookies) {
  const req = { cookies, headers: {} } as unknown as Parameters<typeof getToken>[0]["req"];
  return getToken({ req, secret: authSecret(), decode: decodeSessionToken });
}

// Raw reads: every request makes them (lib/db/sql-exec.ts says why).
async function sessionUser(userId: string) {
  const [u] = await execFor(db()).all<{ id: string; email: string; name: string; isOwner: unknown; isPlaceholder: unknown; disabledAt: unknown; sessionVersion: number }>(
    `SELECT "id", "email", "name", "isOwner", "isPlaceholder", "disabledAt", "sessionVersion" FROM "User" WHERE "id" = ?`,
    [userId],
  );
  if (!u) return null;
  return { ...u, isOwner: asBool(u.isOwner), isPlaceholder: asBool(u.isPlaceholder), disabledAt: asDate(u.disabledAt), sessionVersion: Number(u.sessionVersion) };
}

// Site owners manage every project. A project the caller is not a member of answers
// not_found, never forbidden, so ids of other projects reveal nothing.
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
