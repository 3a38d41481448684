// The dashboard's queue figures on both providers, against hand-counted values: progress per
// queue over time, throughput with median claim-to-submit time (real items only, as the queues
// page counts them: honeypots are left out of progress), and honeypot accuracy.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import type { Db } from "@/lib/db";
import { honeypotAccuracy } from "@/lib/dashboard/honeypot-accuracy";
import { queueTimelines } from "@/lib/dashboard/queue-timeline";
import { queueThroughput } from "@/lib/dashboard/throughput";

const NOW = new Date("2025-06-30T12:00:00Z");

async function seed(db: Db) {
  const [ann, bob] = await Promise.all(["Ann", "Bob"].map((n) => db.user.create({ data: { email: `${n}@x.test`, name: n } })));
  const project = await db.project.create({ data: { slug: "p", name: "P", settings: {} } });
  const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
  const samples = await Promise.all(Array.from({ length: 6 }, (_, i) => db.groundingSample.create({ data: { projectId: project.id, instruction: `s${i}`, sourceDataset: "s", sourceId: `s${i}`, contentHash: `s${i}` } })));
  const queue = await db.queue.create({
    data: {
      projectId: project.id, name: "Q", itemType: "sample", filter: {}, overlap: 2, createdById: ann!.id,
      items: { create: samples.map((s, i) => ({ sampleId: s.id, isHoneypot: i >= 3 })) },
    },
    include: { items: { orderBy: { sampleId: "asc" } } },
  });
  const foreignQueue = await db.queue.create({ data: { projectId: other.id, name: "F", itemType: "sample", filter: {}, overlap: 1, createdById: ann!.id, items: { create: [{ isHoneypot: true }] } }, include: { items: true } });
  const claim = (queueItemId: string, userId: string, createdAt: string, submittedAt: string | null, honeypotCorrect: boolean | null = null) =>
    db.claim.create({
      data: {
        queueItemId, userId, createdAt: new Date(createdAt), leaseUntil: new Date("2025-07-01T00:00:00Z"), status: submittedAt ? "submitted" : "active",
        submittedAt: submittedAt ? new Date(submittedAt) : null, honeypotCorrect,
      },
    });
  const [i0, i1, i2, h3, h4, h5] = queue.items as [typeof queue.items[0], typeof queue.items[0], typeof queue.items[0], typeof queue.items[0], typeof queue.items[0], typeof queue.items[0]];
  // Before the 30-day window (counts toward the start of the running total, not throughput).
  await claim(i0.id, ann!.id, "2025-05-01T10:00:00Z", "2025-05-01T10:05:00Z");
  // June 29: 60 s, 120 s, 300 s -> median 120.
  await claim(i0.id, bob!.id, "2025-06-29T09:00:00Z", "2025-06-29T09:01:00Z");
  await claim(i1.id, ann!.id, "2025-06-29T10:00:00Z", "2025-06-29T10:02:00Z");
  await claim(h3.id, ann!.id, "2025-06-29T11:00:00Z", "2025-06-29T11:05:00Z", true);
  // June 30: 30 s, 90 s -> median 60.
  await claim(h4.id, ann!.id, "2025-06-30T08:00:00Z", "2025-06-30T08:00:30Z", false);
  await claim(h5.id, bob!.id, "2025-06-30T09:00:00Z", "2025-06-30T09:01:30Z", true);
  // Not counted anywhere: an active claim, and an ungraded honeypot claim that is still open.
  await claim(i2.id, bob!.id, "2025-06-30T10:00:00Z", null);
  await claim(h3.id, bob!.id, "2025-06-30T10:00:00Z", null);
  // Another project's graded honeypot.
  await claim(foreignQueue.items[0]!.id, ann!.id, "2025-06-30T08:00:00Z", "2025-06-30T08:10:00Z", false);
  // Each item counts its submitted claims, as markClaimSubmitted keeps them.
  for (const [item, n] of [[i0, 2], [i1, 1], [h3, 1], [h4, 1], [h5, 1]] as const) await db.queueItem.update({ where: { id: item.id }, data: { submittedCount: n } });
  return { project, queue, ann: ann!, bob: bob! };
}

describe.each(PROVIDERS)("dashboard queue figures on %s", (provider) => {
  it("progress per queue over time, throughput and honeypot accuracy", async () => {
    const { db } = await freshDatabase(provider);
    const { project, queue, ann, bob } = await seed(db);

    // 3 real items x overlap 2 = 6 needed; 1 submitted before the window, 2 on June 29, none on
    // June 30 (the honeypot claims count in no progress figure).
    const timelines = await queueTimelines(db, project.id, NOW);
    expect(timelines.days).toHaveLength(30);
    expect(timelines.days[0]).toBe("2025-06-01");
    expect(timelines.queues).toHaveLength(1);
    const q = timelines.queues[0]!;
    expect(q).toMatchObject({ id: queue.id, name: "Q", needed: 6, submitted: 3 });
    expect(q.cumulative.slice(0, 28).every((n) => n === 1)).toBe(true);
    expect(q.cumulative.slice(28)).toEqual([3, 3]);

    // Real items in the window: 60 s and 120 s on June 29 -> median 90 over 2 items.
    const throughput = await queueThroughput(db, project.id, NOW);
    expect(throughput.items).toBe(2);
    expect(throughput.medianSeconds).toBeCloseTo(90, 3);
    expect(throughput.days.at(-2)).toMatchObject({ day: "2025-06-29", items: 2, medianSeconds: expect.closeTo(90, 3) });
    expect(throughput.days.at(-1)).toMatchObject({ day: "2025-06-30", items: 0, medianSeconds: null });
    expect(throughput.days[0]).toEqual({ day: "2025-06-01", items: 0, medianSeconds: null });

    // Ann: right, wrong -> 1 of 2; Bob: right -> 1 of 1.
    expect(await honeypotAccuracy(db, project.id)).toEqual([
      { id: ann.id, name: "Ann", graded: 2, correct: 1, accuracy: 0.5 },
      { id: bob.id, name: "Bob", graded: 1, correct: 1, accuracy: 1 },
    ]);
  });

  it("answers empty figures for a project without queues", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "e", name: "E", settings: {} } });
    expect((await queueTimelines(db, project.id, NOW)).queues).toEqual([]);
    expect(await queueThroughput(db, project.id, NOW)).toMatchObject({ items: 0, medianSeconds: null });
    expect(await honeypotAccuracy(db, project.id)).toEqual([]);
  });
});
