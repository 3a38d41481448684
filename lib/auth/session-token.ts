import "server-only";
// What a session is, beyond next-auth's signed JWT: the user's session version when it was
// issued (sv), a random session id (sid) and the sign-in time (at). A session is live only
// while the version still stands (a password change or reset, a disable and "sign out
// everywhere" move it), its id was not signed out (a mark in RateLimit until the session
// would have expired anyway, so a cookie replayed after sign-out is refused), and it is
// younger than SESSION_MAX_AGE_SECONDS since sign-in, however often it was refreshed.
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";

export const SESSION_MAX_AGE_SECONDS = 12 * 3600;

export type SessionClaims = { userId: string; sessionVersion: number; sessionId: string; signedInAt: number };

const revokedKey = (sessionId: string) => `session:${sessionId}`;

export function newSessionClaims(user: { id: string; sessionVersion: number }, now = Date.now()): SessionClaims {
  return { userId: user.id, sessionVersion: user.sessionVersion, sessionId: randomBytes(16).toString("hex"), signedInAt: Math.floor(now / 1000) };
}

/** Claims from a decoded token, or null when it lacks any (a token from before sessions had them). */
export function claimsOf(token: Record<string, unknown> | null | undefined): SessionClaims | null {
  if (!token) return null;
  const { sub, sv, sid, at } = token;
  if (typeof sub !== "string" || typeof sv !== "number" || typeof sid !== "string" || typeof at !== "number") return null;
  return { userId: sub, sessionVersion: sv, sessionId: sid, signedInAt: at };
}

export async function isSessionLive(db: Db, claims: SessionClaims, user: { sessionVersion: number; disabledAt: Date | null }, now = Date.now()): Promise<boolean> {
  if (typeof claims.sessionVersion !== "number" || typeof claims.sessionId !== "string") return false;
  if (user.disabledAt || claims.sessionVersion !== user.sessionVersion) return false;
  if (now / 1000 - claims.signedInAt > SESSION_MAX_AGE_SECONDS) return false;
  const revoked = await execFor(db).all(`SELECT 1 FROM "RateLimit" WHERE "key" = ?`, [revokedKey(claims.sessionId)]);
  return revoked.length === 0;
}

/** Signs out one session: its id is refused until the session would have expired. */
export async function revokeSession(db: Db, claims: SessionClaims): Promise<void> {
  const expires = new Date((claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
  const key = revokedKey(claims.sessionId);
  await db.rateLimit.upsert({ where: { key }, create: { key, count: 1, windowStart: new Date(), blockedUntil: expires }, update: { blockedUntil: expires } });
}

/** "Sign out everywhere": every session of the user ends (their session version moves); they sign in again. */
export async function endUserSessions(db: Db, userId: string) {
  return db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { id: true, email: true } });
}

/** Forgets sign-out marks of sessions that have expired by now anyway. */
export async function sweepExpiredSessionMarks(db: Db, now = new Date()): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key: { startsWith: "session:" }, blockedUntil: { lt: now } } });
}
