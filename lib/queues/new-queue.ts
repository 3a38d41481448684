import "server-only";
// Making a queue, whatever selects its items: the members must belong to the project, the name
// must be free, the queue is created `paused`, filled page by page in the order given (priority
// 0, -1, -2, ...), honeypots are slotted in between (add-honeypot-items.ts), and only then is it
// opened, so nobody claims from a half-filled queue and no long write transaction is held (on
// SQLite that would stall every other writer for the length of a large selection).
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { saidError, saidErrorWith } from "@/lib/errors/said-error";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { addHoneypotItems } from "@/lib/queues/add-honeypot-items";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

export const QueueSettingsShape = {
  name: z.string().trim().min(1).max(100),
  overlap: z.number().int().min(1).max(10),
  leaseSeconds: z.number().int().min(60).max(86_400),
  memberIds: z.array(z.string().min(1).max(40)).max(1_000),
  // Share of the queue's items that are honeypots; the project's setting when not given.
  honeypotRate: z.number().min(0).lt(1).optional(),
};
const QueueSettingsSchema = z.object(QueueSettingsShape);
export type QueueSettings = z.infer<typeof QueueSettingsSchema>;

export type NewQueue = QueueSettings & {
  itemType: "sample" | "trajectory";
  /** How the items were selected, stored with the queue to say so later. */
  selection: Prisma.InputJsonValue;
};

/** Refuses members from outside the project and a name already taken, before anything is written. */
export async function checkNewQueue(db: Db, projectId: string, settings: Pick<QueueSettings, "name" | "memberIds">): Promise<void> {
  const memberIds = [...new Set(settings.memberIds)];
  const members = await db.membership.findMany({ where: { projectId, userId: { in: memberIds } }, select: { userId: true } });
  if (members.length !== memberIds.length) {
    const known = new Set(members.map((m) => m.userId));
    throw saidErrorWith("invalid_input", { notMembers: memberIds.filter((id) => !known.has(id)) }, "checks.queueMembersOutsideProject");
  }
  if (await db.queue.count({ where: { projectId, name: settings.name } })) {
    throw saidError("conflict", "checks.queueNameTaken", { name: settings.name });
  }
}

export async function fillNewQueue(db: Db, access: ProjectAccess, spec: NewQueue, pages: AsyncIterable<string[]>) {
  const parsed = QueueSettingsSchema.parse(spec);
  const { projectId } = access;
  const memberIds = [...new Set(parsed.memberIds)];
  const project = await db.project.findUnique({ where: { id: projectId }, select: { settings: true } });
  if (!project) throw saidError("not_found", "messages.noSuchProject");
  await checkNewQueue(db, projectId, parsed);

  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const honeypotRate = parsed.honeypotRate ?? settings.honeypotRate;
  const queue = await db.queue.create({
    data: {
      projectId,
      name: parsed.name,
      itemType: spec.itemType,
      filter: spec.selection,
      overlap: parsed.overlap,
      leaseSeconds: parsed.leaseSeconds,
      honeypotRate,
      status: "paused",
      createdById: access.user.id,
      members: { createMany: { data: memberIds.map((userId) => ({ userId })) } },
    },
  });

  let itemCount = 0;
  for await (const ids of pages) {
    await db.queueItem.createMany({
      data: ids.map((id, i) => ({ queueId: queue.id, priority: -(itemCount + i), ...(spec.itemType === "sample" ? { sampleId: id } : { trajectoryId: id }) })),
    });
    itemCount += ids.length;
  }
  const honeypotCount = await addHoneypotItems(db, { queueId: queue.id, projectId, itemType: spec.itemType, itemCount, rate: honeypotRate });

  const opened = await db.queue.update({ where: { id: queue.id }, data: { status: "active" } });
  await recordAudit(db, {
    userId: access.user.id,
    projectId,
    action: "queue.create",
    targetType: "queue",
    targetId: queue.id,
    details: { name: parsed.name, itemType: spec.itemType, itemCount, overlap: parsed.overlap, memberIds, honeypotRate, honeypotCount },
  });
  return { queue: opened, itemCount, honeypotCount };
}
