import "server-only";
// A queue is a frozen selection: one QueueItem per sample (or trajectory) that matched the
// filter when the queue was made; the filter is stored with it to say how. Its members must
// belong to the project. The queue is created `paused` and opened only once every item is in,
// so nobody claims from a half-filled queue, without holding one long write transaction
// (on SQLite that would stall every other writer for the length of a large selection).
// Items are claimed in selection order (priority 0, -1, -2, ...); honeypots are slotted in
// between them afterwards (add-honeypot-items.ts).
import { z } from "zod";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { addHoneypotItems } from "@/lib/queues/add-honeypot-items";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { sampleWhere } from "@/lib/samples/list-samples";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { trajectoryWhere } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";

const BATCH = 1_000;

const Common = {
  name: z.string().trim().min(1).max(100),
  overlap: z.number().int().min(1).max(10),
  leaseSeconds: z.number().int().min(60).max(86_400),
  memberIds: z.array(z.string().min(1).max(40)).max(1_000),
  // Share of the queue's items that are honeypots; the project's setting when not given.
  honeypotRate: z.number().min(0).lt(1).optional(),
};

export const CreateQueueInputSchema = z.discriminatedUnion("itemType", [
  z.object({ ...Common, itemType: z.literal("sample"), filter: SampleFilterSchema }),
  z.object({ ...Common, itemType: z.literal("trajectory"), filter: TrajectoryFilterSchema }),
]);
export type CreateQueueInput = z.input<typeof CreateQueueInputSchema>;

export async function createQueue(db: Db, access: ProjectAccess, input: CreateQueueInput) {
  const parsed = CreateQueueInputSchema.parse(input);
  // The list's paging cursor is not part of a selection.
  const filter = { ...parsed.filter, after: undefined };
  const { projectId } = access;
  const memberIds = [...new Set(parsed.memberIds)];

  const project = await db.project.findUnique({ where: { id: projectId }, select: { settings: true } });
  if (!project) throw new AppError("not_found", "No such project.");
  const members = await db.membership.findMany({ where: { projectId, userId: { in: memberIds } }, select: { userId: true } });
  if (members.length !== memberIds.length) {
    const known = new Set(members.map((m) => m.userId));
    throw new AppError("invalid_input", "Queue members must be members of the project.", { notMembers: memberIds.filter((id) => !known.has(id)) });
  }
  if (await db.queue.count({ where: { projectId, name: parsed.name } })) {
    throw new AppError("conflict", `A queue named "${parsed.name}" already exists in this project.`);
  }

  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const honeypotRate = parsed.honeypotRate ?? settings.honeypotRate;
  const queue = await db.queue.create({
    data: {
      projectId,
      name: parsed.name,
      itemType: parsed.itemType,
      filter: JSON.parse(JSON.stringify(filter)),
      overlap: parsed.overlap,
      leaseSeconds: parsed.leaseSeconds,
      honeypotRate,
      status: "paused",
      createdById: access.user.id,
      members: { createMany: { data: memberIds.map((userId) => ({ userId })) } },
    },
  });

  let itemCount = 0;
  for await (const ids of pages(selection(db, projectId, parsed))) {
    await db.queueItem.createMany({
      data: ids.map((id, i) => ({ queueId: queue.id, priority: -(itemCount + i), ...(parsed.itemType === "sample" ? { sampleId: id } : { trajectoryId: id }) })),
    });
    itemCount += ids.length;
  }
  const honeypotCount = await addHoneypotItems(db, { queueId: queue.id, projectId, itemType: parsed.itemType, itemCount, rate: honeypotRate });

  const opened = await db.queue.update({ where: { id: queue.id }, data: { status: "active" } });
  await recordAudit(db, {
    userId: access.user.id,
    projectId,
    action: "queue.create",
    targetType: "queue",
    targetId: queue.id,
    details: { name: parsed.name, itemType: parsed.itemType, itemCount, overlap: parsed.overlap, memberIds, honeypotRate, honeypotCount },
  });
  return { queue: opened, itemCount, honeypotCount };
}

type Page = (after: { id?: { gt: string } }) => Promise<{ id: string }[]>;

function selection(db: Db, projectId: string, parsed: z.infer<typeof CreateQueueInputSchema>): Page {
  const select = { id: true } as const;
  if (parsed.itemType === "sample") {
    const where = sampleWhere(projectId, { ...parsed.filter, after: undefined }, undefined, { insensitive: providerOf(databaseUrlOf(db)) === "postgres" });
    return (after) => db.groundingSample.findMany({ where: { ...where, ...after }, orderBy: { id: "asc" }, take: BATCH, select });
  }
  const where = trajectoryWhere(projectId, { ...parsed.filter, after: undefined });
  return (after) => db.trajectory.findMany({ where: { ...where, ...after }, orderBy: { id: "asc" }, take: BATCH, select });
}

// Keyset pages of matching ids, so a large selection never sits in memory at once.
async function* pages(page: Page): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after ? { id: { gt: after } } : {});
    if (rows.length === 0) return;
    yield rows.map((r) => r.id);
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}
