// Honeypots on SQLite and PostgreSQL: made from verified items (their final answer pinned),
// mixed into new queues at the rate and spread through them, claimable once by every member
// whatever the overlap, graded on submit, and never changing the item they sit on.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { ABSENT, answerNext, boxAnswer, finalOf, labels, makeSamples, makeTrajectory, queueProject, trajectoryAnswer } from "./queue-support";
import { releaseClaim } from "@/lib/queues/release-claim";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { makeHoneypot, removeHoneypot } from "@/lib/queues/honeypots";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";

const PEOPLE = { admin: "admin", rev: "reviewer", ann1: "annotator", ann2: "annotator", ann3: "annotator" } as const;
const KNOWN_BOX = [100, 100, 200, 200] as [number, number, number, number];

describe.each(PROVIDERS)("honeypots on %s", (provider) => {
  /** Verified samples (a reviewer's box) turned into honeypots by the admin. */
  async function honeypotSamples(db: Db, admin: ProjectAccess, reviewer: ProjectAccess, projectId: string, count: number) {
    const ids = await makeSamples(db, projectId, count, { platform: "android" }, "h");
    for (const sampleId of ids) {
      await saveGroundingAnnotation(db, reviewer, { sampleId, baseVersion: null, status: "submitted", payload: boxAnswer(KNOWN_BOX) });
      await makeHoneypot(db, admin, { sampleId });
    }
    return ids;
  }

  it("is made only from a verified item, by an admin, once; its known answer is the pinned final answer", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [pending, verified] = await makeSamples(db, project.id, 2);
    await expect(makeHoneypot(db, person("admin"), { sampleId: pending! })).rejects.toMatchObject({ code: "invalid_input" });
    await saveGroundingAnnotation(db, person("rev"), { sampleId: verified!, baseVersion: null, status: "submitted", payload: boxAnswer(KNOWN_BOX) });
    await expect(makeHoneypot(db, person("rev"), { sampleId: verified! })).rejects.toMatchObject({ code: "forbidden" });
    const honeypot = await makeHoneypot(db, person("admin"), { sampleId: verified! });
    expect(honeypot.expected).toMatchObject({ targetAbsent: false, box: KNOWN_BOX });
    await expect(makeHoneypot(db, person("admin"), { sampleId: verified! })).rejects.toMatchObject({ code: "conflict" });
    const pinned = (await finalOf(db, { sampleId: verified! }))!;
    expect(pinned).toMatchObject({ source: "review", decidedById: person("rev").user.id, boxX1: 100, boxX2: 200 });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "honeypot.create", targetId: verified } })).toMatchObject({ details: { revisionId: pinned.id } });
    const foreign = { ...person("admin"), projectId: "anotherproject00" };
    await expect(makeHoneypot(db, foreign, { sampleId: verified! })).rejects.toMatchObject({ code: "not_found" });
  });

  it("mixes honeypots into a new queue at the rate, none from the selection, spread between real items", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE, { honeypotRate: 0.2 });
    const honeypots = await honeypotSamples(db, person("admin"), person("rev"), project.id, 10);
    await makeSamples(db, project.id, 12, { platform: "web" });
    const members = [person("ann1").user.id];
    // The project's rate: 12 real items at 20% -> round(12 * 0.2 / 0.8) = 3 honeypots.
    const { queue, itemCount, honeypotCount } = await createQueue(db, person("admin"), { name: "web", itemType: "sample", filter: { platform: "web" }, overlap: 1, leaseSeconds: 600, memberIds: members });
    expect({ itemCount, honeypotCount }).toEqual({ itemCount: 12, honeypotCount: 3 });
    expect(queue.honeypotRate).toBe(0.2);
    const items = await db.queueItem.findMany({ where: { queueId: queue.id }, orderBy: [{ priority: "desc" }, { id: "asc" }] });
    expect(items).toHaveLength(15);
    const positions = items.flatMap((item, i) => (item.isHoneypot ? [i] : []));
    expect(positions).toEqual([2, 7, 12]);
    expect(items.filter((i) => i.isHoneypot).every((i) => honeypots.includes(i.sampleId!))).toBe(true);

    // A selection that contains honeypot samples takes them as ordinary items, and no honeypot twice.
    const all = await createQueue(db, person("admin"), { name: "all", itemType: "sample", filter: {}, overlap: 1, leaseSeconds: 600, memberIds: members, honeypotRate: 0.5 });
    expect(all).toMatchObject({ itemCount: 22, honeypotCount: 0 });
    const none = await createQueue(db, person("admin"), { name: "none", itemType: "sample", filter: { platform: "web" }, overlap: 1, leaseSeconds: 600, memberIds: members, honeypotRate: 0 });
    expect(none.honeypotCount).toBe(0);
    // Sample honeypots never go into a trajectory queue.
    await makeTrajectory(db, project.id, "t1");
    const trajectories = await createQueue(db, person("admin"), { name: "traj", itemType: "trajectory", filter: {}, overlap: 1, leaseSeconds: 600, memberIds: members, honeypotRate: 0.5 });
    expect(trajectories).toMatchObject({ itemCount: 1, honeypotCount: 0 });
  });

  it("every member claims the honeypot once beyond the overlap; answers are graded; the sample and the item never change", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE, { iouAgreementThreshold: 0.5 });
    const [honeypot] = await honeypotSamples(db, person("admin"), person("rev"), project.id, 1);
    const sampleBefore = await db.groundingSample.findUniqueOrThrow({ where: { id: honeypot } });
    await makeSamples(db, project.id, 3, { platform: "web" });
    const annotators = ["ann1", "ann2", "ann3"];
    // Overlap 2, 3 real items, rate 0.25 -> 1 honeypot.
    const { queue, honeypotCount } = await createQueue(db, person("admin"), {
      name: "q", itemType: "sample", filter: { platform: "web" }, overlap: 2, leaseSeconds: 600, honeypotRate: 0.25, memberIds: annotators.map((a) => person(a).user.id),
    });
    expect(honeypotCount).toBe(1);
    const given: Record<string, ReturnType<typeof boxAnswer>> = { ann1: boxAnswer([100, 100, 200, 150]), ann2: boxAnswer([100, 100, 200, 149]), ann3: ABSENT };
    const claimed: Record<string, string[]> = {};
    for (const who of annotators) {
      claimed[who] = [];
      for (;;) {
        const claim = await answerNext(db, queue.id, person(who), (c) => (c.sampleId === honeypot ? given[who]! : boxAnswer([10, 10, 60, 60])));
        if (!claim) break;
        claimed[who]!.push(claim.sampleId!);
      }
    }
    // Each annotator met the honeypot exactly once, though 3 claims exceed the overlap of 2.
    for (const who of annotators) expect(claimed[who]!.filter((id) => id === honeypot)).toHaveLength(1);
    const honeypotItem = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id, isHoneypot: true } });
    expect(honeypotItem).toMatchObject({ status: "open", submittedCount: 3, resolution: null });
    // The real items: overlap 2 each, all verified by consensus.
    const real = await db.queueItem.findMany({ where: { queueId: queue.id, isHoneypot: false } });
    expect(real.map((i) => [i.submittedCount, i.status])).toEqual([[2, "verified"], [2, "verified"], [2, "verified"]]);

    const graded = await db.claim.findMany({ where: { queueItemId: honeypotItem.id }, include: { user: { select: { name: true } } } });
    // IoU of [100,100,200,150] to [100,100,200,200] is exactly 0.5; 0.49 and a refusal are wrong.
    expect(Object.fromEntries(graded.map((c) => [c.user.name, c.honeypotCorrect]))).toEqual({ ann1: true, ann2: false, ann3: false });
    expect(await db.claim.count({ where: { queueItem: { isHoneypot: false }, honeypotCorrect: { not: null } } })).toBe(0);

    const sampleAfter = await db.groundingSample.findUniqueOrThrow({ where: { id: honeypot } });
    expect(sampleAfter).toMatchObject({ status: "verified", qualityScore: sampleBefore.qualityScore });
    expect(sampleAfter.verifiedAt).toEqual(sampleBefore.verifiedAt);
    // The known answer is still the reviewer's pinned revision: the annotators' answers changed nothing.
    expect(sampleAfter.finalAnswerId).toBe(sampleBefore.finalAnswerId);
    expect(await db.answerRevision.count({ where: { sampleId: honeypot } })).toBe(1);
    expect(await finalOf(db, { sampleId: honeypot! })).toMatchObject({ decidedById: person("rev").user.id, boxY2: 200 });
    expect(await db.auditLog.count({ where: { action: { startsWith: "consensus." }, targetId: honeypotItem.id } })).toBe(0);

    const accuracy = await honeypotAccuracy(db, project.id);
    expect(accuracy.map(({ name, correct, total }) => ({ name, correct, total }))).toEqual([
      { name: "ann1", correct: 1, total: 1 },
      { name: "ann2", correct: 0, total: 1 },
      { name: "ann3", correct: 0, total: 1 },
    ]);
    expect(await honeypotAccuracy(db, project.id, { queueId: queue.id })).toEqual(accuracy);
    expect(await honeypotAccuracy(db, project.id, { queueId: "noqueue" })).toEqual([]);
  });

  it("grades trajectory honeypots by the trace verdict", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const known = await makeTrajectory(db, project.id, "known");
    await saveTrajectoryAnnotation(db, person("rev"), { trajectoryId: known.id, baseVersion: null, status: "submitted", payload: trajectoryAnswer("failure", labels("correct", "incorrect", "incorrect"), 1) });
    await makeHoneypot(db, person("admin"), { trajectoryId: known.id });
    await makeTrajectory(db, project.id, "real");
    const { queue, honeypotCount } = await createQueue(db, person("admin"), {
      name: "tq", itemType: "trajectory", filter: { verdict: "none" }, overlap: 1, leaseSeconds: 600, honeypotRate: 0.5, memberIds: [person("ann1").user.id, person("ann2").user.id],
    });
    expect(honeypotCount).toBe(1);
    const verdicts: Record<string, "failure" | "success"> = { ann1: "failure", ann2: "success" };
    for (const who of ["ann1", "ann2"]) {
      // Step labels differ from the known ones: only the trace verdict is graded.
      while (await answerNext(db, queue.id, person(who), () => trajectoryAnswer(verdicts[who]!, labels("correct"))));
    }
    const accuracy = await honeypotAccuracy(db, project.id, { queueId: queue.id });
    expect(accuracy.map(({ name, correct, total }) => ({ name, correct, total }))).toEqual([
      { name: "ann1", correct: 1, total: 1 },
      { name: "ann2", correct: 0, total: 1 },
    ]);
    expect(await db.trajectory.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({ status: "verified", humanVerdict: "failure" });
  });

  it("a skipped honeypot is graded wrong; a skipped real item is not graded", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [honeypot] = await honeypotSamples(db, person("admin"), person("rev"), project.id, 1);
    await makeSamples(db, project.id, 1, { platform: "web" });
    const { queue } = await createQueue(db, person("admin"), { name: "skips", itemType: "sample", filter: { platform: "web" }, overlap: 1, leaseSeconds: 600, honeypotRate: 0.5, memberIds: [person("ann1").user.id] });
    const ann = person("ann1").user.id;
    const first = (await claimNextItem(db, { queueId: queue.id, userId: ann }))!;
    expect(first.sampleId).toBe(honeypot);
    await releaseClaim(db, { claimId: first.claimId, userId: ann });
    const second = (await claimNextItem(db, { queueId: queue.id, userId: ann }))!;
    expect(second.sampleId).not.toBe(honeypot);
    await releaseClaim(db, { claimId: second.claimId, userId: ann });
    const claims = await db.claim.findMany({ where: { userId: ann }, include: { queueItem: { select: { isHoneypot: true } } } });
    expect(claims.map((c) => [c.queueItem.isHoneypot, c.status, c.honeypotCorrect]).sort()).toEqual([[false, "released", null], [true, "released", false]]);
    expect(await honeypotAccuracy(db, project.id)).toEqual([expect.objectContaining({ name: "ann1", correct: 0, total: 1 })]);
  });

  it("removing a honeypot withdraws its unclaimed queue items and keeps the graded ones", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [honeypot] = await honeypotSamples(db, person("admin"), person("rev"), project.id, 1);
    await makeSamples(db, project.id, 1, { platform: "web" });
    const create = (name: string) => createQueue(db, person("admin"), { name, itemType: "sample", filter: { platform: "web" }, overlap: 1, leaseSeconds: 600, honeypotRate: 0.5, memberIds: [person("ann1").user.id] });
    const worked = await create("worked");
    const untouched = await create("untouched");
    // The honeypot sits first (priority 0.5 before the real item at 0).
    const claim = await claimNextItem(db, { queueId: worked.queue.id, userId: person("ann1").user.id });
    expect(claim!.sampleId).toBe(honeypot);
    const row = await db.honeypot.findFirstOrThrow({ where: { sampleId: honeypot } });
    await expect(removeHoneypot(db, person("rev"), row.id)).rejects.toMatchObject({ code: "forbidden" });
    await removeHoneypot(db, person("admin"), row.id);
    expect(await db.honeypot.count()).toBe(0);
    expect(await db.queueItem.count({ where: { queueId: untouched.queue.id, isHoneypot: true } })).toBe(0);
    expect(await db.queueItem.count({ where: { queueId: worked.queue.id, isHoneypot: true } })).toBe(1);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "honeypot.remove" } })).toMatchObject({ details: { withdrawnQueueItems: 1 } });
    await expect(removeHoneypot(db, person("admin"), row.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
