import "server-only";
// Per-project API tokens for /api/v1. The secret is shown once at creation; only its sha256
// is stored, so a database leak does not leak usable tokens. A token acts with a role in its
// own project only, and stops working the moment it is revoked or expires.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { RoleSchema, type Role } from "@/lib/auth/roles";

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
  if (count === 0) throw new AppError("not_found", "No such active token.");
}

export async function listApiTokens(db: Db, projectId: string) {
  return db.apiToken.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, role: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true, createdBy: { select: { email: true } } },
  });
}

export type TokenAccess = { tokenId: string; projectId: string; role: Role; actingUserId: string };

/** The caller of an /api/v1 request, from its `Authorization: Bearer vrt_...` header. */
export async function authenticateApiToken(db: Db, authorization: string | null): Promise<TokenAccess> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token || !TOKEN.test(token)) throw new AppError("unauthenticated", "An API token is required: Authorization: Bearer vrt_...");
  const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
  const isLive = row && !row.revokedAt && (!row.expiresAt || row.expiresAt > new Date());
  if (!row || !isLive) throw new AppError("unauthenticated", "This API token is unknown, revoked or expired.");
  // Last use is for the admin screen; an hour's precision spares a write per request.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 3_600_000) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { tokenId: row.id, projectId: row.projectId, role: RoleSchema.parse(row.role), actingUserId: row.createdById };
}
