import "server-only";
// The queue page's read: the queue, its progress counted as every screen counts it
// (queue-counts.ts), each member's progress on it, and one page of its items with their
// status. Honeypots are an admin's business: a reviewer sees the real items only, and the
// per-member figures count real items for everyone (honeypot accuracy is listed apart).
import type { Db } from "@/lib/db";
import { honeypotAccuracy, type HoneypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { liveClaimWhere } from "@/lib/queues/live-claims";
import { queueCounts, type QueueCounts } from "@/lib/queues/queue-counts";

export const QUEUE_ITEM_PAGE = 100;
export const QUEUE_ITEM_STATUSES = ["open", "full", "adjudication", "verified"] as const;
export type QueueItemStatus = (typeof QUEUE_ITEM_STATUSES)[number];

export type MemberProgress = { userId: string; name: string; email: string; submitted: number; inHand: number; skipped: number; expired: number };
export type QueueItemRow = {
  id: string;
  target: { kind: "sample" | "trajectory"; id: string; title: string } | null;
  status: string;
  submitted: number;
  live: number;
  resolution: string | null;
  resolvedBy: string | null;
  submitters: string[];
  isHoneypot: boolean;
};
export type QueueDetail = {
  queue: { id: string; name: string; itemType: string; status: string; overlap: number; leaseMinutes: number; honeypotRate: number; createdAt: Date; createdBy: string };
  counts: QueueCounts;
  members: MemberProgress[];
  honeypotAccuracy: HoneypotAccuracy[] | null;
  items: QueueItemRow[];
  nextAfter: string | null;
};

type Options = { isAdmin: boolean; status?: QueueItemStatus; after?: string; now?: Date };

async function memberProgress(db: Db, queueId: string, now: Date): Promise<MemberProgress[]> {
  const members = await db.queueMember.findMany({ where: { queueId }, select: { user: { select: { id: true, name: true, email: true } } } });
  const groups = await db.claim.groupBy({
    by: ["userId", "status"],
    where: { queueItem: { queueId, isHoneypot: false } },
    _count: { _all: true },
  });
  const live = await db.claim.groupBy({ by: ["userId"], where: { queueItem: { queueId, isHoneypot: false }, status: "active", leaseUntil: { gt: now } }, _count: { _all: true } });
  const count = (userId: string, status: string) => groups.find((g) => g.userId === userId && g.status === status)?._count._all ?? 0;
  return members
    .map(({ user }) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      submitted: count(user.id, "submitted"),
      inHand: live.find((g) => g.userId === user.id)?._count._all ?? 0,
      skipped: count(user.id, "released"),
      // Active claims whose lease ran out count as expired, whether or not a later claim swept them.
      expired: count(user.id, "expired") + count(user.id, "active") - (live.find((g) => g.userId === user.id)?._count._all ?? 0),
    }))
    .sort((a, b) => b.submitted - a.submitted || a.name.localeCompare(b.name));
}

export async function loadQueueDetail(db: Db, projectId: string, queueId: string, options: Options): Promise<QueueDetail | null> {
  const now = options.now ?? new Date();
  const queue = await db.queue.findFirst({
    where: { id: queueId, projectId },
    select: { id: true, name: true, itemType: true, status: true, overlap: true, leaseSeconds: true, honeypotRate: true, createdAt: true, createdById: true },
  });
  if (!queue) return null;
  const creator = await db.user.findUnique({ where: { id: queue.createdById }, select: { name: true } });
  const where = {
    queueId,
    ...(options.isAdmin ? {} : { isHoneypot: false }),
    ...(options.status ? { status: options.status } : {}),
    ...(options.after ? { id: { gt: options.after } } : {}),
  };
  const rows = await db.queueItem.findMany({
    where,
    orderBy: { id: "asc" },
    take: QUEUE_ITEM_PAGE + 1,
    select: {
      id: true, status: true, submittedCount: true, resolution: true, resolvedById: true, isHoneypot: true,
      sample: { select: { id: true, instruction: true } },
      trajectory: { select: { id: true, goal: true } },
      claims: { where: liveClaimWhere(now), select: { status: true, user: { select: { name: true } } } },
    },
  });
  const resolverIds = [...new Set(rows.map((r) => r.resolvedById).filter((id): id is string => id !== null))];
  const resolverNames = new Map((await db.user.findMany({ where: { id: { in: resolverIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));
  const page = rows.slice(0, QUEUE_ITEM_PAGE);
  const [counts, accuracy, members] = await Promise.all([
    queueCounts(db, [queue]),
    options.isAdmin ? honeypotAccuracy(db, projectId, { queueId }) : Promise.resolve(null),
    memberProgress(db, queueId, now),
  ]);
  return {
    queue: { ...queue, leaseMinutes: Math.round(queue.leaseSeconds / 60), createdBy: creator?.name ?? "a removed user" },
    counts: counts.get(queue.id)!,
    members,
    honeypotAccuracy: accuracy,
    items: page.map((r) => {
      return {
        id: r.id,
        target: r.sample
          ? { kind: "sample" as const, id: r.sample.id, title: r.sample.instruction }
          : r.trajectory
            ? { kind: "trajectory" as const, id: r.trajectory.id, title: r.trajectory.goal }
            : null,
        status: r.status,
        submitted: r.submittedCount,
        live: r.claims.filter((c) => c.status === "active").length,
        resolution: r.resolution,
        resolvedBy: r.resolvedById ? (resolverNames.get(r.resolvedById) ?? null) : null,
        submitters: r.claims.filter((c) => c.status === "submitted").map((c) => c.user.name),
        isHoneypot: r.isHoneypot,
      };
    }),
    nextAfter: rows.length > QUEUE_ITEM_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
