import "server-only";
// A triage queue: the top candidates of the triage list, frozen as QueueItems of a queue with
// itemType "disagreement" (contracts: verdictId + sampleId/trajectoryId, priority = impact, so
// claims take the highest impact first). Overlap is 1: one reviewer's decision settles an item.
// Members must be reviewers or admins of the project, since only they may decide. Like
// lib/queues/create-queue.ts, the queue is filled while paused and opened once complete.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { roleAtLeast } from "@/lib/auth/roles";
import { recordAudit } from "@/lib/audit/record";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { TRIAGE_REASONS } from "@/lib/domain/triage-impact";
import { listTriageCandidates } from "@/lib/triage/triage-candidates";
import { saidError, saidErrorWith } from "@/lib/errors/said-error";

export const MAX_TRIAGE_QUEUE_ITEMS = 5_000;
const BATCH = 1_000;

export const CreateTriageQueueInputSchema = z.object({
  name: z.string().trim().min(1, "is required").max(100),
  memberIds: z.array(z.string().min(1).max(40)).min(1, "pick at least one reviewer").max(1_000),
  leaseSeconds: z.number().int().min(60).max(86_400),
  limit: z.number().int().min(1).max(MAX_TRIAGE_QUEUE_ITEMS),
  reasons: z.array(z.enum(TRIAGE_REASONS)).min(1, "pick at least one reason").default([...TRIAGE_REASONS]),
});
export type CreateTriageQueueInput = z.input<typeof CreateTriageQueueInputSchema>;

export async function createTriageQueue(db: Db, access: ProjectAccess, input: CreateTriageQueueInput) {
  const parsed = CreateTriageQueueInputSchema.parse(input);
  const { projectId } = access;
  const memberIds = [...new Set(parsed.memberIds)];

  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true, settings: true } });
  if (!project) throw saidError("not_found", "messages.noSuchProject");
  const members = await db.membership.findMany({ where: { projectId, userId: { in: memberIds } }, select: { userId: true, role: true } });
  const deciders = new Set(members.filter((m) => roleAtLeast(m.role, "reviewer")).map((m) => m.userId));
  const refused = memberIds.filter((id) => !deciders.has(id));
  if (refused.length) throw saidErrorWith("invalid_input", { refused }, "messages.triageMembersRole");
  if (await db.queue.count({ where: { projectId, name: parsed.name } })) {
    throw saidError("conflict", "messages.queueNameTaken", { name: parsed.name });
  }

  const { candidates } = await listTriageCandidates(db, project);
  const wanted = new Set(parsed.reasons);
  const chosen = candidates.filter((c) => !c.queued && c.reasons.some((r) => wanted.has(r))).slice(0, parsed.limit);
  if (chosen.length === 0) throw saidError("invalid_input", "messages.nothingToTriage");

  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const queue = await db.queue.create({
    data: {
      projectId,
      name: parsed.name,
      itemType: "disagreement",
      // What the selection was, to say later how the queue was made.
      filter: { triage: { reasons: parsed.reasons, limit: parsed.limit, margin: settings.triageMargin } },
      overlap: 1,
      leaseSeconds: parsed.leaseSeconds,
      status: "paused",
      createdById: access.user.id,
      members: { createMany: { data: memberIds.map((userId) => ({ userId })) } },
    },
  });
  for (let i = 0; i < chosen.length; i += BATCH) {
    await db.queueItem.createMany({
      data: chosen.slice(i, i + BATCH).map((c) => ({
        queueId: queue.id,
        verdictId: c.verdictId,
        // A step verdict's item is its step's trajectory; the verdict says which step.
        ...(c.kind === "sample" ? { sampleId: c.sampleId } : { trajectoryId: c.trajectoryId }),
        priority: c.impact,
      })),
    });
  }
  const opened = await db.queue.update({ where: { id: queue.id }, data: { status: "active" } });
  await recordAudit(db, {
    userId: access.user.id,
    projectId,
    action: "queue.create",
    targetType: "queue",
    targetId: queue.id,
    details: { name: parsed.name, itemType: "disagreement", itemCount: chosen.length, reasons: parsed.reasons, memberIds },
  });
  return { queue: opened, itemCount: chosen.length };
}
