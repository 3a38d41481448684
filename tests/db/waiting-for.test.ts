// What an unsettled item waits for, on SQLite and PostgreSQL (issue 36, item 25): an owner who
// claimed an item in an overlap-2 queue and then submitted on its page outside the queue left it
// "In review" with nothing saying why. lib/queues/waiting-for.ts names the queue, the answers in
// and the live claims, and whether the viewer's own claim is what the queue waits for; after a
// disagreement it names adjudication; outside any queue, a reviewer.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { answerNext, boxAnswer, makeSamples, queueProject } from "./queue-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { waitingFor } from "@/lib/queues/waiting-for";

const PEOPLE = { admin: "admin", ann1: "annotator", ann2: "annotator", rev: "reviewer" } as const;

describe.each(PROVIDERS)("what an unsettled item waits for on %s", (provider) => {
  async function setup(members: string[]) {
    const ctx = await queueProject(provider, PEOPLE, { iouAgreementThreshold: 0.5 });
    const ids = await makeSamples(ctx.db, ctx.project.id, 1);
    const { queue } = await createQueue(ctx.db, ctx.person("admin"), {
      name: "double", itemType: "sample", filter: {}, overlap: 2, leaseSeconds: 600, honeypotRate: 0, memberIds: members.map((m) => ctx.person(m).user.id),
    });
    return { ...ctx, sampleId: ids[0]!, queue };
  }

  it("an admin's submit outside the queue while holding a claim: the queue waits for that claim, and the page says so to them and to others", async () => {
    const { db, project, person, sampleId, queue } = await setup(["ann1", "admin"]);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: person("admin").user.id }))!;
    expect(claim.sampleId).toBe(sampleId);
    // On the sample's own page, not in queue mode: the answer is saved, the claim stays live.
    await saveGroundingAnnotation(db, person("admin"), { sampleId, baseVersion: null, status: "submitted", payload: boxAnswer([100, 100, 200, 200]) });
    const status = (await db.groundingSample.findUniqueOrThrow({ where: { id: sampleId } })).status;
    expect(status).toBe("in_review");

    const forAdmin = await waitingFor(db, project.id, { sampleId }, status, person("admin").user.id);
    expect(forAdmin).toMatchObject({ kind: "queue_answers", queueId: queue.id, queueName: "double", overlap: 2, submitted: [person("ann1").user.name], claimedBy: [person("admin").user.name], yourClaimId: claim.claimId, yourClaimSubmitted: false });
    const forReviewer = await waitingFor(db, project.id, { sampleId }, status, person("rev").user.id);
    expect(forReviewer).toMatchObject({ kind: "queue_answers", yourClaimId: null, yourClaimSubmitted: false });
    const forAnnotator = await waitingFor(db, project.id, { sampleId }, status, person("ann1").user.id);
    expect(forAnnotator).toMatchObject({ kind: "queue_answers", yourClaimId: null, yourClaimSubmitted: true });
  });

  it("disagreeing queue answers: it waits for adjudication in that queue", async () => {
    const { db, project, person, sampleId, queue } = await setup(["ann1", "ann2"]);
    await answerNext(db, queue.id, person("ann1"), () => boxAnswer([100, 100, 200, 200]));
    await answerNext(db, queue.id, person("ann2"), () => boxAnswer([300, 300, 400, 400]));
    const status = (await db.groundingSample.findUniqueOrThrow({ where: { id: sampleId } })).status;
    expect(status).toBe("awaiting_adjudication");
    const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
    expect(await waitingFor(db, project.id, { sampleId }, status, person("rev").user.id)).toEqual({ kind: "adjudication", queueId: queue.id, queueName: "double", queueItemId: item.id });
  });

  it("an annotator's submit outside any queue waits for a reviewer; a settled item waits for nothing", async () => {
    const { db, project, person } = await setup([]);
    const [other] = await makeSamples(db, project.id, 1, {}, "free");
    await saveGroundingAnnotation(db, person("ann1"), { sampleId: other!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 5, 5]) });
    const status = (await db.groundingSample.findUniqueOrThrow({ where: { id: other! } })).status;
    expect(status).toBe("in_review");
    expect(await waitingFor(db, project.id, { sampleId: other! }, status, person("rev").user.id)).toEqual({ kind: "reviewer" });
    await saveGroundingAnnotation(db, person("rev"), { sampleId: other!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 5, 5]) });
    expect(await waitingFor(db, project.id, { sampleId: other! }, "verified", person("rev").user.id)).toBeNull();
  });
});
