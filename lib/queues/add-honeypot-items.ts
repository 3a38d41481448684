import "server-only";
// Mixing honeypots into a new queue (lib/domain/honeypot-mix.ts says how many and where):
// the project's honeypots of the queue's item type that are not already among its items,
// picked at random, added as QueueItems with isHoneypot. Nothing an annotator is shown tells
// them apart from the others.
import type { Db } from "@/lib/db";
import { honeypotCount, honeypotPriorities } from "@/lib/domain/honeypot-mix";

type Input = { queueId: string; projectId: string; itemType: "sample" | "trajectory"; itemCount: number; rate: number };

function shuffled<T>(values: T[]): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function addHoneypotItems(db: Db, { queueId, projectId, itemType, itemCount, rate }: Input): Promise<number> {
  const wanted = honeypotCount(itemCount, rate);
  if (wanted === 0) return 0;
  const notInQueue = { queueItems: { none: { queueId } } };
  const available = await db.honeypot.findMany({
    where: { projectId, ...(itemType === "sample" ? { sample: notInQueue } : { trajectory: notInQueue }) },
    select: { sampleId: true, trajectoryId: true },
  });
  const chosen = shuffled(available).slice(0, wanted);
  const priorities = honeypotPriorities(itemCount, chosen.length);
  await db.queueItem.createMany({
    data: chosen.map((h, j) => ({ queueId, isHoneypot: true, priority: priorities[j]!, ...(itemType === "sample" ? { sampleId: h.sampleId } : { trajectoryId: h.trajectoryId }) })),
  });
  return chosen.length;
}
