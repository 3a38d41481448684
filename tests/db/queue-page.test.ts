// The queue page's read and a queue's life on both providers: progress per member on real
// items only (honeypots left out; a reviewer never sees them among the items), items paged
// and filtered by status, and close / reopen / archive / restore as conditional moves that
// stop new claims without touching the claims and answers already there.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { answerNext, boxAnswer, makeSamples, queueProject } from "./queue-support";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { makeHoneypot } from "@/lib/queues/honeypots";
import { loadQueueDetail, QUEUE_ITEM_PAGE } from "@/lib/queues/queue-detail";
import { changeQueueStatus } from "@/lib/queues/queue-status";
import { releaseClaim } from "@/lib/queues/release-claim";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";

const PEOPLE = { admin: "admin", rev: "reviewer", ann1: "annotator", ann2: "annotator" } as const;

describe.each(PROVIDERS)("the queue page on %s", (provider) => {
  it("counts each member's submitted, in-hand and skipped items, real items only, and pages the items", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [known] = await makeSamples(db, project.id, 1, {}, "k");
    await saveGroundingAnnotation(db, person("rev"), { sampleId: known!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 20, 20]) });
    await makeHoneypot(db, person("admin"), { sampleId: known! });
    await makeSamples(db, project.id, QUEUE_ITEM_PAGE + 5, { platform: "android" });
    const members = [person("ann1").user.id, person("ann2").user.id];
    const { queue } = await createQueue(db, person("admin"), { name: "q", itemType: "sample", filter: { platform: "android" }, overlap: 2, leaseSeconds: 600, memberIds: members, honeypotRate: 0.01 });
    const honeypots = await db.queueItem.count({ where: { queueId: queue.id, isHoneypot: true } });
    expect(honeypots).toBe(1);

    // ann1 submits two real items (and the honeypot, wherever it comes), skips one and holds one.
    let realSubmitted = 0;
    while (realSubmitted < 2) {
      const claim = await answerNext(db, queue.id, person("ann1"), () => boxAnswer([1, 1, 20, 20]));
      if (claim && claim.sampleId !== known) realSubmitted += 1;
    }
    const skipped = await claimNextItem(db, { queueId: queue.id, userId: person("ann1").user.id });
    if (skipped!.sampleId === known) throw new Error("the honeypot came third; the test expects real items here");
    await releaseClaim(db, { claimId: skipped!.claimId, userId: person("ann1").user.id });
    const held = await claimNextItem(db, { queueId: queue.id, userId: person("ann1").user.id });

    const asAdmin = await loadQueueDetail(db, project.id, queue.id, { isAdmin: true });
    const asReviewer = await loadQueueDetail(db, project.id, queue.id, { isAdmin: false });
    const ann1 = asReviewer!.members.find((m) => m.userId === person("ann1").user.id)!;
    expect(ann1).toMatchObject({ submitted: 2, inHand: held!.sampleId === known ? 0 : 1, skipped: 1, expired: 0 });
    expect(asReviewer!.members.find((m) => m.userId === person("ann2").user.id)).toMatchObject({ submitted: 0, inHand: 0, skipped: 0 });
    expect(asReviewer!.counts).toMatchObject({ items: QUEUE_ITEM_PAGE + 5, needed: 2 * (QUEUE_ITEM_PAGE + 5), submitted: 2 });
    // Reviewers never see the honeypot among the items; admins do, marked.
    const everyItem = async (isAdmin: boolean) => {
      const rows = [];
      let after: string | undefined;
      do {
        const page = (await loadQueueDetail(db, project.id, queue.id, { isAdmin, after }))!;
        rows.push(...page.items);
        after = page.nextAfter ?? undefined;
      } while (after);
      return rows;
    };
    const reviewerRows = await everyItem(false);
    expect(reviewerRows).toHaveLength(QUEUE_ITEM_PAGE + 5);
    expect(reviewerRows.some((r) => r.isHoneypot || r.target?.id === known)).toBe(false);
    const adminRows = await everyItem(true);
    expect(adminRows.filter((r) => r.isHoneypot).map((r) => r.target?.id)).toEqual([known]);
    expect(asAdmin!.items.length).toBe(QUEUE_ITEM_PAGE);
    // The two items ann1 submitted show them as their submitter.
    expect(reviewerRows.filter((r) => r.submitters.includes(person("ann1").user.name))).toHaveLength(2);
    const open = (await loadQueueDetail(db, project.id, queue.id, { isAdmin: false, status: "full" }))!;
    expect(open.items).toHaveLength(0);
    // Another project's queue is not found.
    expect(await loadQueueDetail(db, "anotherproject00", queue.id, { isAdmin: true })).toBeNull();
  });

  it("closes a queue against new claims, keeps what was claimed, and moves only along close, reopen, archive, restore", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    await makeSamples(db, project.id, 3);
    const { queue } = await createQueue(db, person("admin"), { name: "q", itemType: "sample", filter: {}, overlap: 1, leaseSeconds: 600, memberIds: [person("ann1").user.id, person("ann2").user.id], honeypotRate: 0 });
    const held = await claimNextItem(db, { queueId: queue.id, userId: person("ann1").user.id });
    await changeQueueStatus(db, person("admin"), queue.id, "close");
    await expect(claimNextItem(db, { queueId: queue.id, userId: person("ann2").user.id })).rejects.toMatchObject({ code: "conflict" });
    expect(await db.claim.findUniqueOrThrow({ where: { id: held!.claimId } })).toMatchObject({ status: "active" });
    await expect(changeQueueStatus(db, person("admin"), queue.id, "close")).rejects.toMatchObject({ code: "conflict" });
    await expect(changeQueueStatus(db, person("admin"), queue.id, "restore")).rejects.toMatchObject({ code: "conflict" });
    await changeQueueStatus(db, person("admin"), queue.id, "archive");
    await expect(changeQueueStatus(db, person("admin"), queue.id, "reopen")).rejects.toMatchObject({ code: "conflict" });
    await changeQueueStatus(db, person("admin"), queue.id, "restore");
    await changeQueueStatus(db, person("admin"), queue.id, "reopen");
    expect(await claimNextItem(db, { queueId: queue.id, userId: person("ann2").user.id })).not.toBeNull();
    expect((await db.auditLog.findMany({ where: { targetId: queue.id, action: { startsWith: "queue." } }, orderBy: { id: "asc" } })).map((a) => a.action).filter((a) => a !== "queue.create")).toEqual(["queue.close", "queue.archive", "queue.restore", "queue.reopen"]);
    // Nothing of another project's queue moves.
    await expect(changeQueueStatus(db, { ...person("admin"), projectId: "anotherproject00" }, queue.id, "close")).rejects.toMatchObject({ code: "not_found" });
  });
});
