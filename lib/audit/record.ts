import "server-only";
// Every change worth asking "who did this?" about is written here: claims, saves,
// overrides, adjudications, imports, exports, sign-ins, membership changes.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";

export type AuditEntry = {
  action: string;
  userId?: string | null;
  projectId?: string | null;
  targetType?: string;
  targetId?: string;
  details?: Prisma.InputJsonValue;
};

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({ data: entry });
}
