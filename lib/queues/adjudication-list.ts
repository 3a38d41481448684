import "server-only";
// The items of a queue that wait for a reviewer's adjudication, in the order claims take them
// (priority, then id), with who answered and when the last answer came in.
import type { Db } from "@/lib/db";

export async function listAwaitingAdjudication(db: Db, projectId: string, queueId: string) {
  const items = await db.queueItem.findMany({
    where: { queueId, queue: { projectId }, status: "adjudication", isHoneypot: false },
    orderBy: [{ priority: "desc" }, { id: "asc" }],
    select: {
      id: true,
      sample: { select: { id: true, instruction: true } },
      trajectory: { select: { id: true, goal: true, stepCount: true } },
      claims: { where: { status: "submitted" }, orderBy: { submittedAt: "asc" }, select: { submittedAt: true, user: { select: { name: true } } } },
    },
  });
  return items.map((i) => ({
    id: i.id,
    title: i.sample?.instruction ?? i.trajectory?.goal ?? "",
    kind: i.sample ? ("sample" as const) : ("trajectory" as const),
    annotators: i.claims.map((c) => c.user.name),
    lastAnswerAt: i.claims.at(-1)?.submittedAt?.toISOString() ?? null,
  }));
}

export type AwaitingAdjudication = Awaited<ReturnType<typeof listAwaitingAdjudication>>[number];

export async function nextAwaitingAdjudication(db: Db, projectId: string, queueId: string): Promise<string | null> {
  const next = await db.queueItem.findFirst({
    where: { queueId, queue: { projectId }, status: "adjudication", isHoneypot: false },
    orderBy: [{ priority: "desc" }, { id: "asc" }],
    select: { id: true },
  });
  return next?.id ?? null;
}
