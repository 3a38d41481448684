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

// A transaction's client will do as well as the client: audit rows of a write commit with it.
export async function recordAudit(db: Pick<Db, "auditLog">, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({ data: entry });
}
