import "server-only";
// Pools of a project: admins create, change and delete them; every change is audited. A
// target is confined to the operator's pool roots and may not overlap another pool's (of any
// project): two pools writing one directory would move each other's `latest`, and a project
// could read another's snapshots through its own pool. Local targets are stored and compared
// as real paths (lib/pools/local-target-roots.ts), so a symlink cannot make two pools one.
import path from "node:path";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { recordAudit } from "@/lib/audit/record";
import { activeExportJob } from "@/lib/exports/active-export";
import { saidError } from "@/lib/errors/said-error";
import { PoolInputSchema, type PoolInput } from "@/lib/pools/pool-definition";
import { assertAllowedTarget, realTargetPath } from "@/lib/pools/local-target-roots";
import { isRowId } from "@/lib/ids/row-id-shape";

export type PoolActor = { userId: string | null; projectId: string };

async function normalizedTarget(input: Pick<PoolInput, "targetType" | "targetUri">): Promise<string> {
  return input.targetType === "local" ? realTargetPath(input.targetUri) : input.targetUri.replace(/\/+$/, "");
}

function nests(a: string, b: string, separator: string): boolean {
  return a === b || a.startsWith(`${b}${separator}`) || b.startsWith(`${a}${separator}`);
}

async function assertNoOverlap(db: Db, input: Pick<PoolInput, "targetType" | "targetUri">, exceptPoolId: string | null) {
  const mine = await normalizedTarget(input);
  const others = await db.pool.findMany({ where: { targetType: input.targetType, ...(exceptPoolId ? { id: { not: exceptPoolId } } : {}) }, select: { targetUri: true } });
  const separator = input.targetType === "local" ? path.sep : "/";
  const theirs = await Promise.all(others.map((o) => normalizedTarget({ targetType: input.targetType, targetUri: o.targetUri })));
  if (theirs.some((other) => nests(mine, other, separator))) {
    throw saidError("conflict", "checks.targetTaken");
  }
}

export async function findPool(db: Db, projectId: string, poolId: string) {
  if (!isRowId(poolId)) throw saidError("not_found", "checks.noSuchPool");
  const pool = await db.pool.findFirst({ where: { id: poolId, projectId } });
  if (!pool) throw saidError("not_found", "checks.noSuchPool");
  return pool;
}

export async function findPoolByName(db: Db, projectId: string, name: string) {
  const pool = await db.pool.findUnique({ where: { projectId_name: { projectId, name } } });
  if (!pool) throw saidError("not_found", "checks.noPoolNamed", { name });
  return pool;
}

async function rowData(input: PoolInput) {
  return {
    name: input.name,
    kind: input.kind,
    profile: input.profile,
    targetType: input.targetType,
    targetUri: await normalizedTarget(input),
    imageMode: input.imageMode,
    settings: input.settings as Prisma.InputJsonValue,
  };
}

export async function createPool(db: Db, actor: PoolActor, raw: unknown) {
  const input = PoolInputSchema.parse(raw);
  await assertAllowedTarget(input);
  if (await db.pool.findUnique({ where: { projectId_name: { projectId: actor.projectId, name: input.name } } })) {
    throw saidError("conflict", "checks.poolNameTaken", { name: input.name });
  }
  await assertNoOverlap(db, input, null);
  const pool = await db.pool.create({ data: { projectId: actor.projectId, ...(await rowData(input)) } });
  await recordAudit(db, { userId: actor.userId, projectId: actor.projectId, action: "pool.create", targetType: "pool", targetId: pool.id, details: { name: pool.name, kind: pool.kind, profile: pool.profile, target: `${pool.targetType}:${pool.targetUri}` } });
  return pool;
}

// The kind is fixed at creation: a snapshot history mixing kinds would mislead its readers.
export async function updatePool(db: Db, actor: PoolActor, poolId: string, raw: unknown) {
  const pool = await findPool(db, actor.projectId, poolId);
  const input = PoolInputSchema.parse(raw);
  if (input.kind !== pool.kind) throw saidError("invalid_input", "checks.poolKindFixed");
  await assertAllowedTarget(input);
  if (input.name !== pool.name && (await db.pool.findUnique({ where: { projectId_name: { projectId: actor.projectId, name: input.name } } }))) {
    throw saidError("conflict", "checks.poolNameTaken", { name: input.name });
  }
  await assertNoOverlap(db, input, pool.id);
  const updated = await db.pool.update({ where: { id: pool.id }, data: await rowData(input) });
  await recordAudit(db, { userId: actor.userId, projectId: actor.projectId, action: "pool.update", targetType: "pool", targetId: pool.id, details: { name: updated.name, profile: updated.profile, target: `${updated.targetType}:${updated.targetUri}` } });
  return updated;
}

/** Deletes the pool and its snapshot history; the snapshots already written stay where they are. */
export async function deletePool(db: Db, actor: PoolActor, poolId: string) {
  const pool = await findPool(db, actor.projectId, poolId);
  if (await activeExportJob(db, actor.projectId, pool.id)) throw saidError("conflict", "checks.poolExportRunning");
  await db.pool.delete({ where: { id: pool.id } });
  await recordAudit(db, { userId: actor.userId, projectId: actor.projectId, action: "pool.delete", targetType: "pool", targetId: pool.id, details: { name: pool.name, target: `${pool.targetType}:${pool.targetUri}` } });
}
