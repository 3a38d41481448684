import "server-only";
// Closing, reopening and archiving a queue. A closed queue gives out no new claims (the
// claims people hold stay theirs until they submit, skip or the lease ends, so no work in
// hand is lost); an archived queue is a closed one kept out of the queues list. Nothing is
// deleted: items, claims and answers stay, and the queue page still shows them.
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { said } from "@/lib/i18n/said";
import { saidError } from "@/lib/errors/said-error";
import type { PlainKey } from "@/lib/i18n/translate";
import { statusWord } from "@/lib/i18n/status-word";

export type QueueStatusChange = "close" | "reopen" | "archive" | "restore";

// From which status each change may be made, and to which.
const CHANGES: Record<QueueStatusChange, { from: string; to: string; done: PlainKey }> = {
  close: { from: "active", to: "closed", done: "queues.changed.close" },
  reopen: { from: "closed", to: "active", done: "queues.changed.reopen" },
  archive: { from: "closed", to: "archived", done: "queues.changed.archive" },
  restore: { from: "archived", to: "closed", done: "queues.changed.restore" },
};

// What a refused change says, one sentence per change (each names the status it needs).
const REFUSAL = { close: "checks.cannotClose", reopen: "checks.cannotReopen", archive: "checks.cannotArchive", restore: "checks.cannotRestore" } as const satisfies Record<QueueStatusChange, string>;

export async function changeQueueStatus(db: Db, access: ProjectAccess, queueId: string, change: QueueStatusChange) {
  const rule = CHANGES[change];
  // One conditional update, so two admins pressing at once cannot both succeed from a stale page.
  const updated = await db.queue.updateMany({ where: { id: queueId, projectId: access.projectId, status: rule.from }, data: { status: rule.to } });
  if (updated.count === 0) {
    const queue = await db.queue.findFirst({ where: { id: queueId, projectId: access.projectId }, select: { status: true } });
    if (!queue) throw saidError("not_found", "checks.noSuchQueue");
    throw saidError("conflict", REFUSAL[change], { status: statusWord(queue.status) });
  }
  await recordAudit(db, { userId: access.user.id, projectId: access.projectId, action: `queue.${change}`, targetType: "queue", targetId: queueId });
  return said(rule.done);
}
