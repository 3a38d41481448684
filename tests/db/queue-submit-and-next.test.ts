// A queue-mode submit through the answer routes' reply (lib/api/answer-save-reply.ts), on SQLite
// and PostgreSQL: the claim the answer was stored under is closed beside the claim of the next
// item (lib/queues/move-on-in-queue.ts), and what the queue holds afterwards is what the one-way
// path (close, then claim) leaves: each claim submitted once, one active claim, the reply naming
// it with its screen. A claim the answer was not stored under still goes the one way, and a
// claim left open comes back instead of a second item being taken.
import { afterEach, describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { boxAnswer, labels, makeSamples, makeTrajectory, queueProject, trajectoryAnswer } from "./queue-support";
import type { Db } from "@/lib/db";
import { answerRouteReply } from "@/lib/api/answer-save-reply";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { translator } from "@/lib/i18n/translate";

const PEOPLE = { admin: "admin", ann: "annotator", rev: "reviewer" } as const;
const t = translator("en");
const app = globalThis as unknown as { verityDb?: Db };

afterEach(() => {
  delete app.verityDb;
});

describe.each(PROVIDERS)("submit and next in a queue on %s", (provider) => {
  async function samplesQueue(count: number) {
    const world = await queueProject(provider, PEOPLE);
    // The routes' modules read the app's client: this test's database.
    app.verityDb = world.db;
    const ids = await makeSamples(world.db, world.project.id, count);
    const { queue } = await createQueue(world.db, world.person("admin"), { name: "pass", itemType: "sample", filter: {}, overlap: 1, leaseSeconds: 600, honeypotRate: 0, memberIds: [world.person("ann").user.id] });
    return { ...world, ids, queue };
  }

  const claimsOf = (db: Db, userId: string) => db.claim.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { id: true, status: true, queueItem: { select: { sampleId: true, trajectoryId: true } } } });

  it("ten submits in a row: each closes its claim once and claims the next item, whose screen comes in the reply", async () => {
    const { db, person, ids, queue } = await samplesQueue(12);
    const ann = person("ann");
    let claim = (await claimNextItem(db, { queueId: queue.id, userId: ann.user.id }))!;
    const shown: string[] = [];
    for (let k = 0; k < 10; k++) {
      shown.push(claim.sampleId!);
      const reply = await answerRouteReply(ann, { itemType: "sample", itemId: claim.sampleId!, baseVersion: null, status: "submitted", payload: boxAnswer([10, 10, 50, 50]) }, { queueId: queue.id, claimId: claim.claimId, withNextScreen: true }, t);
      expect(reply.ok).toBe(true);
      if (!reply.ok) return;
      const next = new URL(reply.next!, "http://x");
      const nextClaim = await db.claim.findUniqueOrThrow({ where: { id: next.searchParams.get("claim")! }, include: { queueItem: true } });
      // The reply's screen is the newly claimed item's, in queue mode under that claim.
      expect(reply.nextScreen).toMatchObject({ review: { id: nextClaim.queueItem.sampleId }, queueStep: { claimId: nextClaim.id, queueId: queue.id } });
      expect(next.pathname).toBe(`/projects/p/samples/${nextClaim.queueItem.sampleId}`);
      expect(next.searchParams.get("unsubmitted")).toBeNull();
      claim = { ...claim, claimId: nextClaim.id, sampleId: nextClaim.queueItem.sampleId };
    }
    const claims = await claimsOf(db, ann.user.id);
    expect(claims.map((c) => c.status)).toEqual([...Array(10).fill("submitted"), "active"]);
    // Ten distinct items in the queue's order, then the eleventh held.
    expect(claims.map((c) => c.queueItem.sampleId)).toEqual(ids.slice(0, 11));
    expect(shown).toEqual(ids.slice(0, 10));
    const items = await db.queueItem.findMany({ where: { queueId: queue.id }, orderBy: { sampleId: "asc" }, select: { sampleId: true, status: true, submittedCount: true } });
    expect(items.filter((i) => i.submittedCount === 1).length).toBe(10);
    expect(items.every((i) => i.submittedCount <= 1)).toBe(true);
    // One audit row per close and one per claim, whatever order the two ran in.
    const audit = await db.auditLog.groupBy({ by: ["action"], where: { userId: ann.user.id, action: { in: ["claim.submit", "claim.create"] } }, _count: true });
    expect(Object.fromEntries(audit.map((a) => [a.action, a._count]))).toEqual({ "claim.submit": 10, "claim.create": 11 });
  });

  it("a reviewer's trajectory submit in a queue: the final answer is pinned, the claim closed, the next trajectory claimed", async () => {
    const world = await queueProject(provider, PEOPLE);
    app.verityDb = world.db;
    const { db, person, project } = world;
    const [a, b] = [await makeTrajectory(db, project.id, "ta"), await makeTrajectory(db, project.id, "tb")];
    const { queue } = await createQueue(db, person("admin"), { name: "runs", itemType: "trajectory", filter: {}, overlap: 1, leaseSeconds: 600, honeypotRate: 0, memberIds: [person("rev").user.id] });
    const rev = person("rev");
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: rev.user.id }))!;
    expect(claim.trajectoryId).toBe(a.id);
    const reply = await answerRouteReply(rev, { itemType: "trajectory", itemId: a.id, baseVersion: null, status: "submitted", payload: trajectoryAnswer("success", labels("correct", "correct", "correct")) }, { queueId: queue.id, claimId: claim.claimId, withNextScreen: true }, t);
    expect(reply).toMatchObject({ ok: true, nextScreen: { review: { id: b.id } } });
    expect((await claimsOf(db, rev.user.id)).map((c) => [c.queueItem.trajectoryId, c.status])).toEqual([[a.id, "submitted"], [b.id, "active"]]);
    expect((await db.trajectory.findUniqueOrThrow({ where: { id: a.id } })).finalAnswerId).not.toBeNull();
  });

  it("a claim the answer was not stored under goes the one way: it stays open and comes back, and no second item is taken", async () => {
    const { db, person, ids, queue } = await samplesQueue(3);
    const ann = person("ann");
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: ann.user.id }))!;
    expect(claim.sampleId).toBe(ids[0]);
    // The answer goes to another sample (not the claimed one) while naming the claim.
    const reply = await answerRouteReply(ann, { itemType: "sample", itemId: ids[2]!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 5, 5]) }, { queueId: queue.id, claimId: claim.claimId, withNextScreen: true }, t);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const next = new URL(reply.next!, "http://x");
    expect(next.pathname).toBe(`/projects/p/samples/${ids[0]}`);
    expect(next.searchParams.get("claim")).toBe(claim.claimId);
    expect(next.searchParams.get("unsubmitted")).not.toBeNull();
    // The screen is the claimed item's again, read at the address that says why.
    expect(reply.nextScreen).toMatchObject({ review: { id: ids[0] }, queueStep: { claimId: claim.claimId } });
    expect((await claimsOf(db, ann.user.id)).map((c) => c.status)).toEqual(["active"]);
  });

  it("the last item: the claim is closed and the reply sends the person to the queues page, with no screen", async () => {
    const { db, person, ids, queue } = await samplesQueue(1);
    const ann = person("ann");
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: ann.user.id }))!;
    const reply = await answerRouteReply(ann, { itemType: "sample", itemId: ids[0]!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 5, 5]) }, { queueId: queue.id, claimId: claim.claimId, withNextScreen: true }, t);
    expect(reply).toMatchObject({ ok: true, next: `/projects/p/queues?done=${queue.id}` });
    expect(reply.ok && reply.nextScreen).toBeFalsy();
    expect((await claimsOf(db, ann.user.id)).map((c) => c.status)).toEqual(["submitted"]);
  });

  it("a claim being closed is neither held nor abandoned by the claim beside it, even with its lease lapsed", async () => {
    const { db, person, ids, queue } = await samplesQueue(3);
    const ann = person("ann");
    const first = (await claimNextItem(db, { queueId: queue.id, userId: ann.user.id }))!;
    // Without `closing` the held claim comes back; with it, the next item is taken.
    expect((await claimNextItem(db, { queueId: queue.id, userId: ann.user.id }))!.claimId).toBe(first.claimId);
    await db.claim.update({ where: { id: first.claimId }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    const second = (await claimNextItem(db, { queueId: queue.id, userId: ann.user.id, closing: first.claimId }))!;
    expect(second.sampleId).toBe(ids[1]);
    expect((await db.claim.findUniqueOrThrow({ where: { id: first.claimId } })).status).toBe("active");
  });
});
