// Consensus and adjudication on SQLite and PostgreSQL: N agreeing answers verify an item with
// their consensus (pinned as a revision credited to the annotators who agreed), disagreeing
// ones wait for a reviewer whose answer is pinned; a second resolution on stale state is
// refused; an annotator's submit never changes a verified item's final answer.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { ABSENT, answerNext, boxAnswer, finalOf, labels, makeSamples, makeTrajectory, queueProject, trajectoryAnswer } from "./queue-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { adjudicateItem } from "@/lib/queues/adjudicate-item";
import { createQueue } from "@/lib/queues/create-queue";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";

const PEOPLE = { admin: "admin", ann1: "annotator", ann2: "annotator", ann3: "annotator", rev: "reviewer", rev2: "reviewer" } as const;

describe.each(PROVIDERS)("consensus and adjudication on %s", (provider) => {
  async function sampleQueue(overlap: number, samples = 1, members = ["ann1", "ann2"]) {
    const ctx = await queueProject(provider, PEOPLE, { iouAgreementThreshold: 0.5 });
    const ids = await makeSamples(ctx.db, ctx.project.id, samples);
    const { queue } = await createQueue(ctx.db, ctx.person("admin"), {
      name: "q", itemType: "sample", filter: {}, overlap, leaseSeconds: 600, honeypotRate: 0, memberIds: members.map((m) => ctx.person(m).user.id),
    });
    return { ...ctx, ids, queue };
  }

  it("two agreeing boxes verify the sample with their mean, pinned as a consensus credited to both annotators and counted as nobody's submission", async () => {
    const { db, ids, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    const afterFirst = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    expect(afterFirst).toMatchObject({ status: "open", submittedCount: 1 });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } })).status).toBe("in_review");

    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([110, 100, 210, 210]));
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    expect(item).toMatchObject({ status: "verified", resolution: "consensus", resolvedById: null });
    expect(item.resolvedAt).toBeInstanceOf(Date);
    const sample = await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(sample.status).toBe("verified");
    expect(sample.verifiedAt).toBeInstanceOf(Date);

    const final = (await finalOf(db, { sampleId: ids[0]! }))!;
    expect(final).toMatchObject({ source: "consensus", decision: "accept", decidedById: null, revision: 1, targetAbsent: false, boxX1: 105, boxY1: 100, boxX2: 205, boxY2: 205, note: "Consensus of 2 annotators" });
    expect([...(final.contributorIds as string[])].sort()).toEqual([person("ann1").user.id, person("ann2").user.id].sort());
    // Each annotator submitted one answer; the consensus is not a third one.
    expect(await db.annotation.count({ where: { sampleId: ids[0] } })).toBe(2);
    expect(await db.annotation.count({ where: { annotatorId: person("ann2").user.id, status: "submitted" } })).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "consensus.verify" } });
    expect(audit).toMatchObject({ targetId: item.id, userId: person("ann2").user.id, details: { queueId: queue.id, sampleId: ids[0], answers: 2, revisionId: final.id } });
  });

  it("two refusals verify the sample as target absent", async () => {
    const { db, ids, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => ABSENT);
    await answerNext(db, queue.id, person("ann2"), () => ABSENT);
    expect(await finalOf(db, { sampleId: ids[0]! })).toMatchObject({ source: "consensus", targetAbsent: true, boxX1: null });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } })).status).toBe("verified");
  });

  it("disagreeing boxes go to adjudication; the reviewer's chosen box becomes final; a second resolution on stale state is refused", async () => {
    const { db, ids, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([300, 300, 400, 400]));
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    expect(item).toMatchObject({ status: "adjudication", resolution: null });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } })).status).toBe("awaiting_adjudication");
    expect(await db.answerRevision.count()).toBe(0);
    const disagree = await db.auditLog.findFirstOrThrow({ where: { action: "consensus.disagree" } });
    expect(disagree.details).toMatchObject({ reasons: ["the boxes of ann1 and ann2 overlap at IoU 0, below 0.5"] });

    // An annotator cannot adjudicate.
    await expect(adjudicateItem(db, person("ann1"), { queueItemId: item.id, itemType: "sample", payload: boxAnswer([1, 1, 2, 2]), pickedUserId: null })).rejects.toMatchObject({ code: "forbidden" });

    const chosen = boxAnswer([300, 300, 400, 400]);
    await adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "sample", payload: chosen, pickedUserId: person("ann2").user.id });
    const resolved = await db.queueItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(resolved).toMatchObject({ status: "verified", resolution: "adjudication", resolvedById: person("rev").user.id });
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({ status: "verified" });
    const final = (await finalOf(db, { sampleId: ids[0]! }))!;
    expect(final).toMatchObject({ source: "adjudication", decidedById: person("rev").user.id, boxX1: 300, boxY1: 300, boxX2: 400, boxY2: 400 });

    // A second reviewer who loaded the item before it was settled: refused, nothing overwritten.
    const stale = adjudicateItem(db, person("rev2"), { queueItemId: item.id, itemType: "sample", payload: boxAnswer([100, 100, 200, 200]), pickedUserId: person("ann1").user.id });
    await expect(stale).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("resolved by rev") });
    expect(await db.answerRevision.count({ where: { sampleId: ids[0] } })).toBe(1);
    expect((await finalOf(db, { sampleId: ids[0]! }))!.boxX1).toBe(300);
    const audit = await db.auditLog.findMany({ where: { action: "adjudication.resolve" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: person("rev").user.id, targetId: item.id, details: { pickedUserId: person("ann2").user.id, box: [300, 300, 400, 400] } });
  });

  it("a pick made on answers that changed since the page loaded is refused, naming the answer and both versions; the pin records the version it came from", async () => {
    const { db, ids, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([300, 300, 400, 400]));
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    const shownNow = async () => (await db.annotation.findMany({ where: { sampleId: ids[0] }, select: { id: true, annotatorId: true, version: true } })).map((a) => ({ userId: a.annotatorId, annotationId: a.id, version: a.version }));
    const shown = await shownNow();

    // While the reviewer looks, ann2 changes their answer (a new version of the same annotation).
    const ann2Answer = await db.annotation.findFirstOrThrow({ where: { sampleId: ids[0], annotatorId: person("ann2").user.id } });
    await saveAnswer(db, person("ann2"), { itemType: "sample", itemId: ids[0]!, baseVersion: ann2Answer.version, status: "submitted", payload: boxAnswer([320, 300, 420, 400]) });
    const stale = adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "sample", payload: boxAnswer([300, 300, 400, 400]), pickedUserId: person("ann2").user.id, shown });
    await expect(stale).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/^Answer 2 \(ann2\) changed since this page loaded: you saw version 1, it is now version 2 \(box 320, 300, 420, 400\)/) });
    expect(await db.answerRevision.count({ where: { sampleId: ids[0] } })).toBe(0);
    expect(await db.queueItem.findUniqueOrThrow({ where: { id: item.id } })).toMatchObject({ status: "adjudication" });

    // Reloaded, the pick lands and says which version of whose answer it started from.
    await adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "sample", payload: boxAnswer([320, 300, 420, 400]), pickedUserId: person("ann2").user.id, shown: await shownNow() });
    expect(await finalOf(db, { sampleId: ids[0]! })).toMatchObject({ source: "adjudication", fromAnnotationId: ann2Answer.id, fromVersion: 2, boxX1: 320 });
  });

  it("two reviewers resolving the same item at once: exactly one wins", async () => {
    const { db, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => ABSENT);
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([0, 0, 50, 50]));
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    expect(item.status).toBe("adjudication");
    const results = await Promise.allSettled([
      adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "sample", payload: ABSENT, pickedUserId: person("ann1").user.id }),
      adjudicateItem(db, person("rev2"), { queueItemId: item.id, itemType: "sample", payload: boxAnswer([0, 0, 50, 50]), pickedUserId: person("ann2").user.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "conflict" });
    expect(await db.answerRevision.count()).toBe(1);
  });

  it("refuses an answer that says nothing, the wrong item type, and an item of another project", async () => {
    const { db, queue, person } = await sampleQueue(2);
    await answerNext(db, queue.id, person("ann1"), () => ABSENT);
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([0, 0, 50, 50]));
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    await expect(adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "sample", payload: { ...ABSENT, targetAbsent: false }, pickedUserId: null })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "trajectory", payload: trajectoryAnswer("success", []), pickedUserId: null })).rejects.toMatchObject({ code: "invalid_input" });
    const foreign = { ...person("rev"), projectId: "someotherproject0" };
    await expect(adjudicateItem(db, foreign, { queueItemId: item.id, itemType: "sample", payload: ABSENT, pickedUserId: null })).rejects.toMatchObject({ code: "not_found" });
    expect((await db.queueItem.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("adjudication");
  });

  it("overlap 3: one dissenting answer among three sends the item to adjudication", async () => {
    const { db, queue, person } = await sampleQueue(3, 1, ["ann1", "ann2", "ann3"]);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([101, 101, 201, 201]));
    expect((await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } })).status).toBe("open");
    await answerNext(db, queue.id, person("ann3"), () => ABSENT);
    expect((await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } })).status).toBe("adjudication");
  });

  it("overlap 1 is not a consensus: the submitted item stays in review, full", async () => {
    const { db, ids, queue, person } = await sampleQueue(1);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    expect(await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } })).toMatchObject({ status: "full", resolution: null });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0] } })).status).toBe("in_review");
    expect(await db.answerRevision.count()).toBe(0);
  });

  it("trajectories: agreeing labels verify with the human verdict and flags; differing step labels go to adjudication and the reviewer's answer is final", async () => {
    const ctx = await queueProject(provider, PEOPLE);
    const { db, project, person } = ctx;
    const agreed = await makeTrajectory(db, project.id, "t1");
    const disputed = await makeTrajectory(db, project.id, "t2");
    const { queue } = await createQueue(db, person("admin"), {
      name: "tq", itemType: "trajectory", filter: {}, overlap: 2, leaseSeconds: 600, honeypotRate: 0, memberIds: [person("ann1").user.id, person("ann2").user.id],
    });
    const answers: Record<string, Record<string, ReturnType<typeof trajectoryAnswer>>> = {
      [agreed.id]: { ann1: trajectoryAnswer("failure", labels("correct", "incorrect", "incorrect"), 1), ann2: trajectoryAnswer("failure", labels("correct", "incorrect", "incorrect"), 1) },
      [disputed.id]: { ann1: trajectoryAnswer("success", labels("correct", "correct", "correct")), ann2: trajectoryAnswer("success", labels("correct", "incorrect", "correct")) },
    };
    for (const who of ["ann1", "ann2"]) {
      while (await answerNext(db, queue.id, person(who), (c) => answers[c.trajectoryId!]![who]!));
    }
    const verified = await db.trajectory.findUniqueOrThrow({ where: { id: agreed.id } });
    expect(verified).toMatchObject({ status: "verified", humanVerdict: "failure" });
    // autoOutcome true and agent claimed finish, against a human "failure".
    expect(verified.mismatchFlags).toContain("claimed_finish_failed");
    expect(await finalOf(db, { trajectoryId: agreed.id })).toMatchObject({ source: "consensus", traceVerdict: "failure", firstWrongStep: 1 });
    expect(verified).toMatchObject({ stepsCorrect: 1, stepsIncorrect: 2, firstWrongStep: 1 });

    const item = await db.queueItem.findFirstOrThrow({ where: { trajectoryId: disputed.id } });
    expect(item.status).toBe("adjudication");
    const reasons = (await db.auditLog.findFirstOrThrow({ where: { action: "consensus.disagree" } })).details as { reasons: string[] };
    expect(reasons.reasons).toEqual(["step 2 labels differ (ann1: correct, ann2: incorrect)"]);
    await adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "trajectory", payload: trajectoryAnswer("failure", labels("correct", "incorrect", "correct"), 1), pickedUserId: null });
    expect(await db.trajectory.findUniqueOrThrow({ where: { id: disputed.id } })).toMatchObject({ status: "verified", humanVerdict: "failure" });
    expect(await finalOf(db, { trajectoryId: disputed.id })).toMatchObject({ source: "adjudication", decidedById: person("rev").user.id, traceVerdict: "failure", firstWrongStep: 1 });
    await expect(adjudicateItem(db, person("rev"), { queueItemId: item.id, itemType: "trajectory", payload: trajectoryAnswer("success", []), pickedUserId: null })).rejects.toMatchObject({ code: "conflict" });
  });

  it("an annotator's submit never changes a verified sample's or trajectory's final answer: it becomes a proposal", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [sampleId] = await makeSamples(db, project.id, 1);
    await saveGroundingAnnotation(db, person("rev"), { sampleId: sampleId!, baseVersion: null, status: "submitted", payload: { ...boxAnswer([1, 1, 50, 50]), qualityScore: 9 } });
    const before = await db.groundingSample.findUniqueOrThrow({ where: { id: sampleId } });
    expect(before).toMatchObject({ status: "verified", qualityScore: 9 });
    await saveGroundingAnnotation(db, person("ann1"), { sampleId: sampleId!, baseVersion: null, status: "submitted", payload: { ...ABSENT, qualityScore: 2 } });
    const after = await db.groundingSample.findUniqueOrThrow({ where: { id: sampleId } });
    expect(after).toMatchObject({ status: "verified", qualityScore: 9, finalAnswerId: before.finalAnswerId, effectiveTargetAbsent: false, effectiveBoxX1: 1 });
    expect(after.verifiedAt).toEqual(before.verifiedAt);
    expect(await db.annotation.findFirstOrThrow({ where: { sampleId, annotatorId: person("ann1").user.id } })).toMatchObject({ status: "submitted", proposal: "open" });

    const t = await makeTrajectory(db, project.id, "tv");
    await saveTrajectoryAnnotation(db, person("rev"), { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: trajectoryAnswer("success", labels("correct", "correct", "correct")) });
    const tBefore = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    await saveTrajectoryAnnotation(db, person("ann1"), { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: trajectoryAnswer("failure", labels("incorrect")) });
    const tAfter = await db.trajectory.findUniqueOrThrow({ where: { id: t.id } });
    expect(tAfter).toMatchObject({ status: "verified", humanVerdict: "success", mismatchFlags: tBefore.mismatchFlags, finalAnswerId: tBefore.finalAnswerId });
    expect(tAfter.verifiedAt).toEqual(tBefore.verifiedAt);
  });
});
