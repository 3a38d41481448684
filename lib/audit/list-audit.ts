import "server-only";
// The audit log of a project, newest first, filtered by action, person, target and day, paged
// by a keyset on (createdAt, id). Filters come from the URL and are validated here.
import { z } from "zod";
import { firstValues, type SearchParams } from "@/lib/filters/search-params";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { ROW_ID_BODY, RowIdSchema } from "@/lib/ids/row-id-shape";

const Text = z.string().trim().min(1).max(100).optional().catch(undefined);

export const AuditFilterSchema = z.object({
  action: Text,
  userId: RowIdSchema.optional().catch(undefined),
  targetType: Text,
  targetId: Text,
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  before: z.string().regex(new RegExp(`^\\d{13}_${ROW_ID_BODY}$`)).optional().catch(undefined),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AUDIT_PAGE_SIZE = 100;

export function parseAuditFilter(params: SearchParams): AuditFilter {
  return AuditFilterSchema.parse(firstValues(params));
}

export async function listAudit(db: Db, projectId: string, f: AuditFilter) {
  const createdAt: Prisma.DateTimeFilter = {};
  if (f.from) createdAt.gte = new Date(`${f.from}T00:00:00Z`);
  if (f.to) createdAt.lt = new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000);
  const where: Prisma.AuditLogWhereInput = {
    projectId,
    action: f.action ? { startsWith: f.action } : undefined,
    userId: f.userId,
    targetType: f.targetType,
    targetId: f.targetId,
    createdAt: Object.keys(createdAt).length ? createdAt : undefined,
  };
  const [ms, id] = f.before ? f.before.split("_") : [];
  const cursor: Prisma.AuditLogWhereInput | undefined = f.before
    ? { OR: [{ createdAt: { lt: new Date(Number(ms)) } }, { createdAt: new Date(Number(ms)), id: { lt: id } }] }
    : undefined;
  const rows = await db.auditLog.findMany({
    where: cursor ? { AND: [where, cursor] } : where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: AUDIT_PAGE_SIZE + 1,
    include: { user: { select: { name: true, email: true } } },
  });
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return { entries: page, nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? `${last.createdAt.getTime()}_${last.id}` : null };
}
