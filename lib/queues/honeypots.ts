import "server-only";
// Honeypots: verified items whose final answer becomes a known answer (Honeypot.expected),
// mixed into new queues to measure each annotator. Admins make and remove them.
//
// Making one pins the answer: when the final answer is a "label" (a reviewer's submit), it is
// copied into a kind "adjudication" annotation by the admin. Otherwise the annotators' own
// labels on the honeypot, submitted later, would become "the latest submitted label" and so
// the item's final answer (contract 1), and a wrong answer caught by the honeypot would end
// up in the pools.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { finalAnswerRow, type ItemKey } from "@/lib/queues/final-answer-row";
import { writeAdjudicationAnnotation, type FinalAnswer } from "@/lib/queues/write-final-answer";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";

function assertAdmin(access: ProjectAccess) {
  if (access.role !== "owner" && !roleAtLeast(access.role, "admin")) throw new AppError("forbidden", "Honeypots are managed by admins.");
}

async function itemStatus(db: Db, projectId: string, item: ItemKey): Promise<string | null> {
  const row =
    "sampleId" in item
      ? await db.groundingSample.findFirst({ where: { id: item.sampleId, projectId }, select: { status: true } })
      : await db.trajectory.findFirst({ where: { id: item.trajectoryId, projectId }, select: { status: true } });
  return row?.status ?? null;
}

export async function makeHoneypot(db: Db, access: ProjectAccess, item: ItemKey, now = new Date()) {
  assertAdmin(access);
  const { projectId } = access;
  const status = await itemStatus(db, projectId, item);
  if (status === null) throw new AppError("not_found", "No such item.");
  if (status !== "verified") throw new AppError("invalid_input", "Only a verified item can be a honeypot: its answer must be known.");
  if (await db.honeypot.count({ where: { projectId, ...item } })) throw new AppError("conflict", "This item is a honeypot already.");
  const final = await finalAnswerRow(db, projectId, item);
  if (!final) throw new AppError("invalid_input", "This item has no submitted answer to use as the known answer.");
  const answerWith = (note: string | null): FinalAnswer =>
    "sampleId" in item
      ? { itemType: "sample", sampleId: item.sampleId, payload: { ...payloadOf(final), note } }
      : { itemType: "trajectory", trajectoryId: item.trajectoryId, payload: { ...trajectoryPayloadOf(final), note } };
  const answer = answerWith(final.note);

  const honeypot = await db.$transaction(async (tx) => {
    if (final.kind === "label") {
      const pinned = answerWith(`Known answer of a honeypot, pinned from ${final.annotator.name}'s answer`);
      await writeAdjudicationAnnotation(tx, { projectId, annotatorId: access.user.id, answer: pinned, now });
    }
    return tx.honeypot.create({ data: { projectId, ...item, expected: JSON.parse(JSON.stringify(answer.payload)), createdById: access.user.id } });
  });
  await recordAudit(db, {
    userId: access.user.id,
    projectId,
    action: "honeypot.create",
    targetType: "sampleId" in item ? "sample" : "trajectory",
    targetId: "sampleId" in item ? item.sampleId : item.trajectoryId,
    details: { honeypotId: honeypot.id, fromAnnotationId: final.id, pinned: final.kind === "label" },
  });
  return honeypot;
}

/** Removes a honeypot; queue items nobody has claimed yet leave their queues with it. */
export async function removeHoneypot(db: Db, access: ProjectAccess, honeypotId: string) {
  assertAdmin(access);
  const honeypot = await db.honeypot.findFirst({ where: { id: honeypotId, projectId: access.projectId } });
  if (!honeypot) throw new AppError("not_found", "No such honeypot.");
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
    where: { honeypotCorrect: { not: null }, queueItem: { isHoneypot: true, queue: { projectId } } },
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
