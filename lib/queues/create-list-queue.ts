import "server-only";
// A queue of exactly the items a caller lists, in that order (a verification sample's next
// episodes): the same queue as any other (overlap, lease, members, honeypots mixed in at the
// queue's rate), selected by id instead of by filter. Every id must be one of the project's.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { ProjectAccess } from "@/lib/auth/session";
import { saidError } from "@/lib/errors/said-error";
import { fillNewQueue, type QueueSettings } from "@/lib/queues/new-queue";

const BATCH = 1_000;

export type ListQueueInput = QueueSettings & { itemType: "sample" | "trajectory"; itemIds: readonly string[]; selection: Prisma.InputJsonObject };

export async function createListQueue(db: Db, access: ProjectAccess, input: ListQueueInput) {
  const ids = [...new Set(input.itemIds)];
  if (ids.length === 0) throw saidError("invalid_input", "checks.queueNeedsItem");
  let known = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const where = { projectId: access.projectId, id: { in: chunk } };
    known += input.itemType === "sample" ? await db.groundingSample.count({ where }) : await db.trajectory.count({ where });
  }
  if (known !== ids.length) throw saidError("not_found", "checks.listedItemsMissing", { count: ids.length - known });
  const { itemIds: _ids, ...spec } = input;
  void _ids;
  return fillNewQueue(db, access, { ...spec, selection: { ...input.selection, itemCount: ids.length } }, chunks(ids));
}

async function* chunks(ids: string[]): AsyncGenerator<string[]> {
  for (let i = 0; i < ids.length; i += BATCH) yield ids.slice(i, i + BATCH);
}
