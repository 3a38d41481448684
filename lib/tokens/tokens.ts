import "server-only";
// Per-project API tokens for /api/v1. The secret is shown once at creation; only its sha256
// is stored, so a database leak does not leak usable tokens. A token acts with a role in its
// own project only, stops working the moment it is revoked or expires, and acts only while
// its creator could act so themselves: enabled, and a member of the project with at least
// the token's role (or the site owner). Access is checked on every request, so disabling,
// removing or demoting the creator stops their tokens at once, and restoring it restarts them.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { roleAtLeast, RoleSchema, type Role } from "@/lib/auth/roles";
import { saidError } from "@/lib/errors/said-error";

const TOKEN = /^vrt_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

export const NewTokenSchema = z.object({
  name: z.string().trim().min(1, "is required").max(100),
  role: RoleSchema,
  expiresInDays: z.coerce.number().int().min(1).max(3650).optional(),
});

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createApiToken(db: Db, projectId: string, createdById: string, input: unknown) {
  const { name, role, expiresInDays } = NewTokenSchema.parse(input);
  const prefix = randomBytes(6).toString("hex").slice(0, 8);
  const secret = `vrt_${prefix}_${randomBytes(32).toString("base64url")}`;
  const row = await db.apiToken.create({
    data: {
      projectId,
      name,
      role,
      prefix,
      tokenHash: hashToken(secret),
      createdById,
      expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null,
    },
  });
  return { secret, token: row };
}

export async function revokeApiToken(db: Db, projectId: string, tokenId: string) {
  const { count } = await db.apiToken.updateMany({ where: { id: tokenId, projectId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw saidError("not_found", "messages.noSuchToken");
}

type Creator = { disabledAt: Date | null; isOwner: boolean; memberships: { role: string }[] };

/** Why a token of `creator` cannot act with `role` in its project now, or null when it can. */
export function creatorProblem(creator: Creator, role: string): string | null {
  if (creator.disabledAt) return "its creator is disabled";
  if (creator.isOwner) return null;
  const membership = creator.memberships[0];
  if (!membership) return "its creator is no longer a member of this project";
  if (!roleAtLeast(membership.role, role as Role)) return `its creator is now ${membership.role}, below the token's ${role} role`;
  return null;
}

const creatorOf = (projectId: string) => ({ select: { email: true, disabledAt: true, isOwner: true, memberships: { where: { projectId }, select: { role: true } } } });

export async function listApiTokens(db: Db, projectId: string) {
  const tokens = await db.apiToken.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, role: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true, createdBy: creatorOf(projectId) },
  });
  return tokens.map(({ createdBy, ...token }) => ({ ...token, createdBy: { email: createdBy.email }, inactive: creatorProblem(createdBy, token.role) }));
}

/** Live tokens `userId` created in `projectId` (all projects when null), with a role above `below` when given. */
export async function countLiveTokensOf(db: Db, userId: string, projectId: string | null, below?: Role): Promise<number> {
  const tokens = await db.apiToken.findMany({
    where: { createdById: userId, revokedAt: null, ...(projectId ? { projectId } : {}), OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { role: true },
  });
  return below ? tokens.filter((t) => !roleAtLeast(below, t.role as Role)).length : tokens.length;
}

export type TokenAccess = { tokenId: string; projectId: string; role: Role; actingUserId: string };

/** The caller of an /api/v1 request, from its `Authorization: Bearer vrt_...` header. */
export async function authenticateApiToken(db: Db, authorization: string | null): Promise<TokenAccess> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || !TOKEN.test(token)) throw new AppError("unauthenticated", "An API token is required: Authorization: Bearer vrt_...");
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
  const isLive = row && !row.revokedAt && (!row.expiresAt || row.expiresAt > new Date());
  if (!row || !isLive) throw new AppError("unauthenticated", "This API token is unknown, revoked or expired.");
  const creator = await db.user.findUniqueOrThrow({ where: { id: row.createdById }, ...creatorOf(row.projectId) });
  const problem = creatorProblem(creator, row.role);
  if (problem) throw new AppError("unauthenticated", `This API token no longer acts: ${problem}.`);
  // Last use is for the admin screen; an hour's precision spares a write per request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 3_600_000) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { tokenId: row.id, projectId: row.projectId, role: RoleSchema.parse(row.role), actingUserId: row.createdById };
}
