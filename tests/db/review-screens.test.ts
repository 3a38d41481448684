// The review screens' data (issue 38), on SQLite and PostgreSQL: the server page renders it and
// the screen-data route sends it as JSON for the client swap, so it must survive JSON unchanged
// (a Date or a Map would arrive as something else), and it must keep what the page kept: an
// annotator in a queue sees neither the item's standing nor its derived values (a honeypot
// would give itself away), a reviewer sees both, and an item of another project is not there.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { boxAnswer, makeSamples, makeTrajectory, queueProject, trajectoryAnswer, labels } from "./queue-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { loadSampleScreen } from "@/lib/api/review-screens/sample-screen";
import { screenAt } from "@/lib/api/review-screens/screen-at";
import { loadTrajectoryScreen } from "@/lib/api/review-screens/trajectory-screen";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const PEOPLE = { admin: "admin", ann: "annotator", rev: "reviewer" } as const;
const roundTrip = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe.each(PROVIDERS)("review screens' data on %s", (provider) => {
  it("a reviewer's grounding screen: standing, derived values, verdicts, own answer and neighbours, unchanged through JSON", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [first, second, third] = await makeSamples(db, project.id, 3);
    await recordVerdict(db, { projectId: project.id, sampleId: second!, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: 7, rationale: "Fine." });
    await saveGroundingAnnotation(db, person("rev"), { sampleId: second!, baseVersion: null, status: "draft", payload: boxAnswer([10, 10, 50, 50]) });
    const screen = (await loadSampleScreen(db, project, person("rev"), second!, { platform: "android" }))!;
    expect(roundTrip(screen)).toEqual(screen);
    expect(screen.address).toBe(`/projects/p/samples/${second}?platform=android`);
    expect(screen.query).toBe("?platform=android");
    expect(screen.review.instruction).toBe("Tap s1");
    expect(screen.review.mine).toMatchObject({ version: 1, status: "draft", payload: boxAnswer([10, 10, 50, 50]) });
    expect(screen.review.verdicts).toHaveLength(1);
    expect(screen.review.derived).not.toBeNull();
    expect(screen.standing?.status).toBe("unreviewed");
    expect(screen).toMatchObject({ canOverride: true, isAdmin: false, queueStep: null, claim: null, finalAnswerId: null, likelyNext: [] });
    // The filter names no sample here (makeSamples sets no platform): neighbours are of the filtered list.
    expect(screen.neighbours).toEqual({ previous: null, next: null, nextMediaId: null });
    const unfiltered = (await loadSampleScreen(db, project, person("rev"), second!, {}))!;
    expect(unfiltered.neighbours).toMatchObject({ previous: first, next: third });
  });

  it("an annotator in a queue: the claim and its queue step, no standing, no derived values; another project's sample and a malformed id are not there", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const samples = await makeSamples(db, project.id, 2);
    const { queue } = await createQueue(db, person("admin"), { name: "pass", itemType: "sample", filter: {}, overlap: 1, leaseSeconds: 600, honeypotRate: 0, memberIds: [person("ann").user.id] });
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: person("ann").user.id }))!;
    // The sample the queue will most likely give next has a screenshot: the screen names it, to decode it ahead.
    const media = await db.media.create({ data: { projectId: project.id, sha256: "b".repeat(64), mime: "image/png", width: 1000, height: 800, byteSize: 1, storageKey: "bb/bb/b.png" } });
    await db.groundingSample.update({ where: { id: samples.find((id) => id !== claim.sampleId)! }, data: { mediaId: media.id } });
    const search = { claim: claim.claimId, queue: queue.id };
    const screen = (await loadSampleScreen(db, project, person("ann"), claim.sampleId!, search))!;
    expect(screen.likelyNext).toEqual([`/api/media/${media.id}`]);
    expect(roundTrip(screen)).toEqual(screen);
    expect(screen.queueStep).toEqual({ claimId: claim.claimId, queueId: queue.id });
    // The whole view, read in one raw statement: the lease as the claim set it, nothing of the queue's settings.
    expect(screen.claim).toEqual({ claimId: claim.claimId, queueId: queue.id, queueName: "pass", status: "active", leaseUntil: claim.leaseUntil.toISOString() });
    expect(screen).toMatchObject({ standing: null, waiting: null, sourceChange: null, canOverride: false });
    expect(screen.review.derived).toBeNull();
    expect(screen.review.predictions.every((p) => p.correctness === null)).toBe(true);
    // A reviewer in queue mode is annotating too: no standing either.
    expect((await loadSampleScreen(db, project, person("rev"), claim.sampleId!, search))!.standing).toBeNull();

    // A queue-mode submit's reply carries the next item's screen, read from its address as the route reads it.
    const address = `/projects/p/samples/${claim.sampleId}?claim=${claim.claimId}&queue=${queue.id}`;
    expect(await screenAt(db, person("ann"), address)).toEqual(screen);
    expect(await screenAt(db, person("ann"), `/projects/p/trajectories/${claim.sampleId}`)).toBeNull();
    expect(await screenAt(db, person("ann"), `/projects/q/samples/${claim.sampleId}`)).toBeNull();
    expect(await screenAt(db, person("ann"), `/projects/p/queues?done=${queue.id}`)).toBeNull();

    const other = await db.project.create({ data: { slug: "q", name: "Q", settings: {} } });
    const [foreign] = await makeSamples(db, other.id, 1, {}, "f");
    expect(await loadSampleScreen(db, project, person("ann"), foreign!, {})).toBeNull();
    expect(await loadSampleScreen(db, project, person("ann"), "not-an-id!", {})).toBeNull();
  });

  it("an annotator in a trajectory queue: the screen names the first step's screenshot of the trajectory the queue most likely gives next", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const [a, b] = [await makeTrajectory(db, project.id, "qa"), await makeTrajectory(db, project.id, "qb")];
    const { queue } = await createQueue(db, person("admin"), { name: "runs", itemType: "trajectory", filter: {}, overlap: 1, leaseSeconds: 600, honeypotRate: 0, memberIds: [person("ann").user.id] });
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: person("ann").user.id }))!;
    const other = claim.trajectoryId === a.id ? b : a;
    const [first, second] = await Promise.all(["c", "d"].map((c) => db.media.create({ data: { projectId: project.id, sha256: c.repeat(64), mime: "image/png", width: 10, height: 10, byteSize: 1, storageKey: `${c}.png` } })));
    // The step a screen opens on is the first by index, whatever order the rows were written in.
    await db.step.update({ where: { trajectoryId_index: { trajectoryId: other.id, index: 1 } }, data: { mediaId: second!.id } });
    await db.step.update({ where: { trajectoryId_index: { trajectoryId: other.id, index: 0 } }, data: { mediaId: first!.id } });
    const screen = (await loadTrajectoryScreen(db, project, person("ann"), claim.trajectoryId!, { claim: claim.claimId, queue: queue.id }))!;
    expect(screen.likelyNext).toEqual([`/api/media/${first!.id}`]);
    expect(screen.claim).toMatchObject({ claimId: claim.claimId, queueName: "runs", status: "active" });
    // Someone else's claim in the address: no claim shown, no screenshot named.
    const stranger = (await loadTrajectoryScreen(db, project, person("rev"), claim.trajectoryId!, { claim: claim.claimId, queue: queue.id }))!;
    expect(stranger).toMatchObject({ claim: null, likelyNext: [] });
  });

  it("a trajectory screen: the next still to review skips a settled one, and the data is unchanged through JSON", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const a = await makeTrajectory(db, project.id, "a", 2);
    const b = await makeTrajectory(db, project.id, "b", 2);
    const c = await makeTrajectory(db, project.id, "c", 2);
    const [first, middle, last] = [a, b, c].map((t) => t.id).sort();
    await saveAnswer(db, person("rev"), { itemType: "trajectory", itemId: middle!, baseVersion: null, status: "submitted", payload: trajectoryAnswer("success", labels("correct", "correct")) });
    const screen = (await loadTrajectoryScreen(db, project, person("rev"), first!, {}))!;
    expect(roundTrip(screen)).toEqual(screen);
    expect(screen.neighbours).toMatchObject({ previous: null, next: middle, nextToReview: last });
    expect(screen.standing?.status).toBe("unreviewed");
    const settled = (await loadTrajectoryScreen(db, project, person("rev"), middle!, {}))!;
    expect(settled.standing?.status).toBe("verified");
    expect(settled.finalPayload).toMatchObject({ traceVerdict: "success" });
    expect(settled.isSettled).toBe(true);
    expect(await loadTrajectoryScreen(db, project, person("ann"), "nope", {})).toBeNull();
  });

  it("a trajectory screen shows each step its own verdicts, in the order they came, read for all steps at once", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const t = await makeTrajectory(db, project.id, "v", 3);
    const steps = await db.step.findMany({ where: { trajectoryId: t.id }, orderBy: { index: "asc" } });
    const judge = (stepId: string, judgeName: string, valueBool: boolean) =>
      recordVerdict(db, { projectId: project.id, trajectoryId: t.id, stepId, kind: "mllm", judgeName, metric: "step_correct", valueBool, rationale: judgeName });
    await judge(steps[2]!.id, "late", true);
    await judge(steps[1]!.id, "first", false);
    await judge(steps[1]!.id, "second", true);
    const screen = (await loadTrajectoryScreen(db, project, person("rev"), t.id, {}))!;
    expect(screen.review.steps.map((s) => s.verdicts.map((v) => [v.judgeName, v.value]))).toEqual([[], [["first", false], ["second", true]], [["late", true]]]);
  });
});
