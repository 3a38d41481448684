// Queue claims on SQLite and PostgreSQL: concurrent claimers never exceed an item's overlap
// nor get one item twice, lapsed leases go back, re-opening keeps the claim, membership gates.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import type { ProjectAccess } from "@/lib/auth/session";
import type { Db } from "@/lib/db";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { releaseClaim } from "@/lib/queues/release-claim";

describe.each(PROVIDERS)("queue claims on %s", (provider) => {
  async function setup(users: number, samples: number) {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "q", name: "Q", settings: {} } });
    const members = await Promise.all(
      Array.from({ length: users }, (_, i) => db.user.create({ data: { email: `u${i}@x.test`, name: `U${i}` } })),
    );
    await db.membership.createMany({
      data: members.map((m, i) => ({ projectId: project.id, userId: m.id, role: i === 0 ? "admin" : "annotator" })),
    });
    await db.groundingSample.createMany({
      data: Array.from({ length: samples }, (_, i) => ({
        projectId: project.id, instruction: `i${i}`, sourceDataset: "s", sourceId: `${i}`, contentHash: "h", platform: i % 2 ? "web" : "android",
      })),
    });
    const admin = members[0]!;
    const access: ProjectAccess = { user: { id: admin.id, email: admin.email, name: admin.name, isOwner: false }, projectId: project.id, role: "admin" };
    const user = (i: number) => members[i]!;
    return { db, project, members, user, access };
  }

  async function makeQueue(db: Db, access: ProjectAccess, memberIds: string[], overlap: number, leaseSeconds = 900) {
    const { queue } = await createQueue(db, access, { name: `q${overlap}`, itemType: "sample", filter: {}, overlap, leaseSeconds, memberIds });
    return queue;
  }

  it("20 concurrent claimers over 100 items with overlap 2: every item gets exactly 2 distinct submitted claims", async () => {
    const { db, members, user, access } = await setup(20, 100);
    const queue = await makeQueue(db, access, members.map((m) => m.id), 2);
    const errors: unknown[] = [];
    const perUser = await Promise.all(
      members.map(async (member) => {
        let count = 0;
        for (;;) {
          const claim = await claimNextItem(db, { queueId: queue.id, userId: member.id }).catch((e: unknown) => (errors.push(e), null));
          if (!claim) return count;
          await markClaimSubmitted(db, { claimId: claim.claimId, userId: member.id });
          count++;
        }
      }),
    );
    expect(errors).toEqual([]);
    expect(perUser.reduce((a, b) => a + b, 0)).toBe(200);

    const claims = await db.claim.findMany({ select: { queueItemId: true, userId: true, status: true } });
    expect(claims).toHaveLength(200);
    expect(claims.every((c) => c.status === "submitted")).toBe(true);
    expect(new Set(claims.map((c) => `${c.queueItemId}:${c.userId}`)).size).toBe(200);
    const byItem = new Map<string, number>();
    for (const c of claims) byItem.set(c.queueItemId, (byItem.get(c.queueItemId) ?? 0) + 1);
    expect(byItem.size).toBe(100);
    expect([...byItem.values()].every((n) => n === 2)).toBe(true);
    const items = await db.queueItem.findMany({ where: { queueId: queue.id } });
    expect(items.every((i) => i.submittedCount === 2 && i.status === "full")).toBe(true);
    // Exhausted: a further claim is a clean null.
    await expect(claimNextItem(db, { queueId: queue.id, userId: user(3).id })).resolves.toBeNull();
  });

  it("a lapsed lease goes to the next claimer and never back to its first holder", async () => {
    const { db, members, user, access } = await setup(3, 2);
    const a = user(0), b = user(1);
    const queue = await makeQueue(db, access, [a.id, b.id], 1, 60);
    const t0 = new Date("2030-01-01T00:00:00Z");
    const first = await claimNextItem(db, { queueId: queue.id, userId: a.id, now: t0 });
    expect(first!.leaseUntil).toEqual(new Date(t0.getTime() + 60_000));

    // Within the lease, B gets the other item, not A's.
    const t1 = new Date(t0.getTime() + 61_000);
    const taken = await claimNextItem(db, { queueId: queue.id, userId: b.id, now: new Date(t0.getTime() + 1_000) });
    expect(taken!.queueItemId).not.toBe(first!.queueItemId);
    await markClaimSubmitted(db, { claimId: taken!.claimId, userId: b.id, now: new Date(t0.getTime() + 2_000) });

    const reclaimed = await claimNextItem(db, { queueId: queue.id, userId: b.id, now: t1 });
    expect(reclaimed!.queueItemId).toBe(first!.queueItemId);
    expect((await db.claim.findUniqueOrThrow({ where: { id: first!.claimId } })).status).toBe("expired");
    // A's late submission is refused: the slot is B's now.
    await expect(markClaimSubmitted(db, { claimId: first!.claimId, userId: a.id, now: t1 })).rejects.toMatchObject({ code: "conflict" });

    // B gives it back; A still never gets it again.
    await releaseClaim(db, { claimId: reclaimed!.claimId, userId: b.id });
    await expect(claimNextItem(db, { queueId: queue.id, userId: a.id, now: t1 })).resolves.toBeNull();
    const claimsOfA = await db.claim.findMany({ where: { userId: a.id } });
    expect(claimsOfA).toHaveLength(1);
  });

  it("a lapsed lease nobody took is still honoured on submission", async () => {
    const { db, members, user, access } = await setup(1, 1);
    const queue = await makeQueue(db, access, [user(0).id], 1, 60);
    const t0 = new Date("2030-01-01T00:00:00Z");
    const claim = await claimNextItem(db, { queueId: queue.id, userId: user(0).id, now: t0 });
    const done = await markClaimSubmitted(db, { claimId: claim!.claimId, userId: user(0).id, now: new Date(t0.getTime() + 120_000) });
    expect(done.status).toBe("submitted");
    expect((await db.queueItem.findUniqueOrThrow({ where: { id: claim!.queueItemId } })).status).toBe("full");
  });

  it("a submit and its audit row are one transaction: when the row cannot be written, the claim stays open and uncounted", async () => {
    const { db, project, user, access } = await setup(1, 1);
    const queue = await makeQueue(db, access, [user(0).id], 1);
    const claim = await claimNextItem(db, { queueId: queue.id, userId: user(0).id });
    await refuseAuditRows(db, provider, "claim.submit");
    await expect(markClaimSubmitted(db, { claimId: claim!.claimId, userId: user(0).id })).rejects.toThrow(/audit refused/);
    expect((await db.claim.findUniqueOrThrow({ where: { id: claim!.claimId } })).status).toBe("active");
    expect(await db.queueItem.findUniqueOrThrow({ where: { id: claim!.queueItemId } })).toMatchObject({ submittedCount: 0, status: "open" });

    await allowAuditRows(db, provider);
    await markClaimSubmitted(db, { claimId: claim!.claimId, userId: user(0).id });
    expect(await db.auditLog.findMany({ where: { action: "claim.submit" }, select: { projectId: true, targetId: true } })).toEqual([{ projectId: project.id, targetId: claim!.queueItemId }]);
  });

  it("re-opening the queue returns the same active claim", async () => {
    const { db, members, user, access } = await setup(2, 5);
    const queue = await makeQueue(db, access, [user(1).id], 1);
    const first = await claimNextItem(db, { queueId: queue.id, userId: user(1).id });
    const again = await claimNextItem(db, { queueId: queue.id, userId: user(1).id });
    expect(again).toEqual(first);
    expect(await db.claim.count()).toBe(1);
  });

  it("one user opening the queue in five tabs at once gets one claim, stored as returned, with one audit row", async () => {
    const { db, project, user, access } = await setup(2, 5);
    const queue = await makeQueue(db, access, [user(1).id], 1, 60);
    const t0 = new Date("2030-01-01T00:00:00Z");
    const tabs = await Promise.all(Array.from({ length: 5 }, () => claimNextItem(db, { queueId: queue.id, userId: user(1).id, now: t0 })));
    expect(new Set(tabs.map((c) => c!.claimId)).size).toBe(1);
    const stored = await db.claim.findMany();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: tabs[0]!.claimId, queueItemId: tabs[0]!.queueItemId, userId: user(1).id, status: "active", leaseUntil: new Date(t0.getTime() + 60_000) });
    const audit = await db.auditLog.findMany({ where: { action: "claim.create" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ projectId: project.id, userId: user(1).id, targetType: "queueItem", targetId: tabs[0]!.queueItemId });
    expect(audit[0]!.details).toEqual({ queueId: queue.id, claimId: tabs[0]!.claimId, leaseUntil: "2030-01-01T00:01:00.000Z" });

    // Once the lease lapsed, the next open takes a new item and marks the lapsed claim expired.
    const next = await claimNextItem(db, { queueId: queue.id, userId: user(1).id, now: new Date(t0.getTime() + 61_000) });
    expect(next!.queueItemId).not.toBe(tabs[0]!.queueItemId);
    expect((await db.claim.findUniqueOrThrow({ where: { id: tabs[0]!.claimId } })).status).toBe("expired");
    expect(await db.auditLog.count({ where: { action: "claim.create" } })).toBe(2);
  });

  it("refuses a claimer who is not a member of the queue", async () => {
    const { db, members, user, access } = await setup(2, 3);
    const queue = await makeQueue(db, access, [user(0).id], 1);
    await expect(claimNextItem(db, { queueId: queue.id, userId: user(1).id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(claimNextItem(db, { queueId: "nosuchqueue", userId: user(1).id })).rejects.toMatchObject({ code: "not_found" });
    expect(await db.claim.count()).toBe(0);
  });

  it("creates exactly the items matching a sample filter, and refuses members outside the project", async () => {
    const { db, project, user, access } = await setup(2, 10);
    const { queue, itemCount } = await createQueue(db, access, {
      name: "web only", itemType: "sample", filter: { platform: "web" }, overlap: 3, leaseSeconds: 600, memberIds: [user(0).id, user(1).id],
    });
    expect(itemCount).toBe(5);
    const web = await db.groundingSample.findMany({ where: { projectId: project.id, platform: "web" }, select: { id: true } });
    const items = await db.queueItem.findMany({ where: { queueId: queue.id }, select: { sampleId: true, trajectoryId: true } });
    expect(items.map((i) => i.sampleId).sort()).toEqual(web.map((s) => s.id).sort());
    expect(items.every((i) => i.trajectoryId === null)).toBe(true);
    const stored = await db.queue.findUniqueOrThrow({ where: { id: queue.id }, include: { members: true } });
    expect(stored).toMatchObject({ status: "active", overlap: 3, leaseSeconds: 600, filter: { platform: "web" } });
    expect(stored.members.map((m) => m.userId).sort()).toEqual([user(0).id, user(1).id].sort());

    const outsider = await db.user.create({ data: { email: "out@x.test", name: "Out" } });
    await expect(
      createQueue(db, access, { name: "bad", itemType: "sample", filter: {}, overlap: 1, leaseSeconds: 600, memberIds: [user(0).id, outsider.id] }),
    ).rejects.toMatchObject({ code: "invalid_input" });
    expect(await db.queue.count({ where: { name: "bad" } })).toBe(0);
    await expect(
      createQueue(db, access, { name: "zero", itemType: "sample", filter: {}, overlap: 0, leaseSeconds: 600, memberIds: [] }),
    ).rejects.toThrow();
  });
});

// A trigger that refuses the audit rows of one action, as a full disk or a lost connection
// would refuse the statement: what else the transaction wrote must go with it.
async function refuseAuditRows(db: Db, provider: string, action: string): Promise<void> {
  if (provider === "sqlite") {
    await db.$executeRawUnsafe(`CREATE TRIGGER "refuse_audit" BEFORE INSERT ON "AuditLog" WHEN NEW."action" = '${action}' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`);
    return;
  }
  await db.$executeRawUnsafe(`CREATE FUNCTION "refuse_audit"() RETURNS trigger AS $$ BEGIN IF NEW."action" = '${action}' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER "refuse_audit" BEFORE INSERT ON "AuditLog" FOR EACH ROW EXECUTE FUNCTION "refuse_audit"()`);
}

async function allowAuditRows(db: Db, provider: string): Promise<void> {
  await db.$executeRawUnsafe(provider === "sqlite" ? `DROP TRIGGER "refuse_audit"` : `DROP TRIGGER "refuse_audit" ON "AuditLog"`);
}
