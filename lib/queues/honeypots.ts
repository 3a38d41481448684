import "server-only";
// Honeypots: verified items whose final answer is a known answer, mixed into new queues to
// measure each annotator. Admins make and remove them. The known answer is the item's pinned
// final answer (an AnswerRevision), which annotators' answers can never change; Honeypot.expected
// keeps a copy of it as it was when the honeypot was made, for the admins' list.
import type { Db } from "@/lib/db";
import { saidError } from "@/lib/errors/said-error";
import { roleAtLeast } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { isSampleKey, type ItemKey } from "@/lib/annotations/item-key";

function assertAdmin(access: ProjectAccess) {
  if (access.role !== "owner" && !roleAtLeast(access.role, "admin")) throw saidError("forbidden", "checks.honeypotsAdminOnly");
}

async function itemStanding(db: Db, projectId: string, item: ItemKey) {
  const select = { status: true, finalAnswer: true } as const;
  return isSampleKey(item)
    ? db.groundingSample.findFirst({ where: { id: item.sampleId, projectId }, select })
    : db.trajectory.findFirst({ where: { id: item.trajectoryId, projectId }, select });
}

export async function makeHoneypot(db: Db, access: ProjectAccess, item: ItemKey) {
  assertAdmin(access);
  const { projectId } = access;
  const standing = await itemStanding(db, projectId, item);
  if (!standing) throw saidError("not_found", "checks.noSuchItem");
  if (standing.status !== "verified" || !standing.finalAnswer) throw saidError("invalid_input", "checks.honeypotNeedsVerified");
  if (await db.honeypot.count({ where: { projectId, ...item } })) throw saidError("conflict", "checks.alreadyHoneypot");
  const final = standing.finalAnswer;
  const expected = isSampleKey(item) ? payloadOf(final) : trajectoryPayloadOf(final);
  const honeypot = await db.honeypot.create({ data: { projectId, ...item, expected: JSON.parse(JSON.stringify(expected)), createdById: access.user.id } });
  await recordAudit(db, {
    userId: access.user.id,
    projectId,
    action: "honeypot.create",
    targetType: isSampleKey(item) ? "sample" : "trajectory",
    targetId: isSampleKey(item) ? item.sampleId : item.trajectoryId,
    details: { honeypotId: honeypot.id, revisionId: final.id },
  });
  return honeypot;
}

/** Removes a honeypot; queue items nobody has claimed yet leave their queues with it. */
export async function removeHoneypot(db: Db, access: ProjectAccess, honeypotId: string) {
  assertAdmin(access);
  const honeypot = await db.honeypot.findFirst({ where: { id: honeypotId, projectId: access.projectId } });
  if (!honeypot) throw saidError("not_found", "checks.noSuchHoneypot");
  const item = honeypot.sampleId ? { sampleId: honeypot.sampleId } : { trajectoryId: honeypot.trajectoryId! };
  const withdrawn = await db.$transaction(async (tx) => {
    await tx.honeypot.delete({ where: { id: honeypot.id } });
    const { count } = await tx.queueItem.deleteMany({ where: { isHoneypot: true, ...item, claims: { none: {} }, queue: { projectId: access.projectId } } });
    return count;
  });
  await recordAudit(db, {
    userId: access.user.id,
    projectId: access.projectId,
    action: "honeypot.remove",
    targetType: honeypot.sampleId ? "sample" : "trajectory",
    targetId: honeypot.sampleId ?? honeypot.trajectoryId ?? undefined,
    details: { honeypotId: honeypot.id, withdrawnQueueItems: withdrawn },
  });
}

/** The project's honeypots for the admins' list, newest first, with how often each was answered right. */
export async function listHoneypots(db: Db, projectId: string) {
  const rows = await db.honeypot.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    include: { sample: { select: { id: true, instruction: true } }, trajectory: { select: { id: true, goal: true } } },
  });
  const creators = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.createdById))] } }, select: { id: true, name: true } });
  const names = new Map(creators.map((u) => [u.id, u.name]));
  const graded = await db.claim.groupBy({
    by: ["queueItemId", "honeypotCorrect"],
    where: { status: { in: ["submitted", "released"] }, honeypotCorrect: { not: null }, queueItem: { isHoneypot: true, queue: { projectId } } },
    _count: { _all: true },
  });
  const items = await db.queueItem.findMany({ where: { id: { in: [...new Set(graded.map((g) => g.queueItemId))] } }, select: { id: true, sampleId: true, trajectoryId: true } });
  const itemKey = new Map(items.map((i) => [i.id, i.sampleId ?? i.trajectoryId ?? ""]));
  const score = new Map<string, { correct: number; total: number }>();
  for (const g of graded) {
    const key = itemKey.get(g.queueItemId) ?? "";
    const entry = score.get(key) ?? { correct: 0, total: 0 };
    entry.total += g._count._all;
    if (g.honeypotCorrect) entry.correct += g._count._all;
    score.set(key, entry);
  }
  return rows.map((r) => ({
    id: r.id,
    itemType: r.sampleId ? ("sample" as const) : ("trajectory" as const),
    itemId: (r.sampleId ?? r.trajectoryId)!,
    title: r.sample?.instruction ?? r.trajectory?.goal ?? "",
    expected: r.expected,
    createdBy: names.get(r.createdById) ?? "unknown",
    createdAt: r.createdAt.toISOString(),
    answered: score.get((r.sampleId ?? r.trajectoryId)!) ?? { correct: 0, total: 0 },
  }));
}
