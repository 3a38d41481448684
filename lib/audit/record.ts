import "server-only";
// Every change worth asking "who did this?" about is written here: claims, saves,
// overrides, adjudications, imports, exports, sign-ins, membership changes.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SqlExec } from "@/lib/db/sql-exec";
import { newRowId } from "@/lib/ids/row-id";

export type AuditEntry = {
  action: string;
  userId?: string | null;
  projectId?: string | null;
  targetType?: string;
  targetId?: string;
  details?: Prisma.InputJsonValue;
};

// A transaction's client will do as well as the client: audit rows of a write commit with it.
export async function recordAudit(db: Pick<Db, "auditLog">, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({ data: entry });
}

/**
 * The same row through the hot paths' executor (a claim, a save, a submit), one prepared
 * statement instead of a Prisma create; `details` is stored as Prisma stores Json.
 */
export async function insertAudit(exec: SqlExec, entry: AuditEntry, now = new Date()): Promise<void> {
  const details = entry.details === undefined ? null : JSON.stringify(entry.details);
  await exec.run(
    `INSERT INTO "AuditLog" ("id", "projectId", "userId", "action", "targetType", "targetId", "details", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ${exec.provider === "postgres" ? "?::jsonb" : "?"}, ?)`,
    [newRowId(), entry.projectId ?? null, entry.userId ?? null, entry.action, entry.targetType ?? null, entry.targetId ?? null, details, now],
  );
}
