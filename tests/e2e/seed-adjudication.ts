// e2e data for adjudication and honeypots, in a project of its own ("adjudication") so the
// queues made there never mix with the other specs' demo queues: a second annotator, a pending
// sample for the two-annotator queue, a verified sample to make a honeypot of and a pending one
// for the honeypot queue, and a trajectory whose two answers already disagree (made through the
// domain layer: queue, claims, saves) for the trajectory adjudication screen.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ProjectAccess } from "@/lib/auth/session";
import { generatePassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { createQueue } from "@/lib/queues/create-queue";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { createUser } from "@/lib/users/users";
import { ADJUDICATION_SEED_FILE, type AdjudicationSeed } from "./adjudication-seed";

type Users = Record<"admin" | "reviewer" | "annotator", { email: string }>;

async function accessOf(db: Db, projectId: string, email: string, role: ProjectAccess["role"]): Promise<ProjectAccess> {
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  return { user: { id: user.id, email: user.email, name: user.name, isOwner: user.isOwner }, projectId, role };
}

export async function seedAdjudication(db: Db, store: MediaStore, dataDir: string, screenshot: Buffer, users: Users) {
  const annotator2 = { email: "annotator2@e2e.test", password: generatePassword() };
  await createUser(db, { email: annotator2.email, name: "Second Annotator", password: annotator2.password });
  const project = await createProject(db, { slug: "adjudication", name: "Adjudication" });
  const screenshotMediaId = (await ingestImage(db, store, project.id, screenshot, "ui-venus screenshot")).id;
  for (const [email, role] of [[users.admin.email, "admin"], [users.reviewer.email, "reviewer"], [users.annotator.email, "annotator"], [annotator2.email, "annotator"]] as const) {
    await grantRole(db, project.id, { email, role });
  }
  const sample = async (sourceDataset: string, sourceId: string, instruction: string) =>
    (await db.groundingSample.create({ data: { projectId: project.id, mediaId: screenshotMediaId, imageRef: "trace.png", instruction, sourceDataset, sourceId, contentHash: sourceId } })).id;
  const disputedSampleId = await sample("e2e-adjudication", "disputed", "Tap the second picture");
  const knownSampleId = await sample("e2e-known", "known", "Tap the search box");
  const honeypotRealSampleId = await sample("e2e-honeypot", "real", "Tap the first picture");

  const reviewer = await accessOf(db, project.id, users.reviewer.email, "reviewer");
  await saveGroundingAnnotation(db, reviewer, { sampleId: knownSampleId, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [200, 500, 500, 600], instructionRewrite: null, qualityScore: null, note: null } });

  // A trajectory of four steps on the same screenshot, answered differently by two annotators.
  const trajectory = await db.trajectory.create({
    data: {
      projectId: project.id, goal: "Open the gallery and share the second picture", benchmark: "e2e", app: "Gallery", model: "agent-7b",
      sourceDataset: "e2e-trajectories", sourceId: "disputed", contentHash: "disputed", sourceOutcome: true, agentClaimedFinish: true, stepCount: 4,
      steps: {
        create: [
          { index: 0, mediaId: screenshotMediaId, actionType: "click", action: { type: "click", x: 360, y: 160 }, thought: "Open search" },
          { index: 1, mediaId: screenshotMediaId, actionType: "type", action: { type: "type", text: "cats" }, thought: "Search cats" },
          { index: 2, mediaId: screenshotMediaId, actionType: "click", action: { type: "click", x: 540, y: 620 }, thought: "Pick the second picture" },
          { index: 3, mediaId: screenshotMediaId, actionType: "finish", action: { type: "finish" }, thought: "Done" },
        ],
      },
    },
  });
  const admin = await accessOf(db, project.id, users.admin.email, "admin");
  const first = await accessOf(db, project.id, users.annotator.email, "annotator");
  const second = await accessOf(db, project.id, annotator2.email, "annotator");
  const { queue } = await createQueue(db, admin, {
    name: "Seeded trajectories", itemType: "trajectory", filter: {}, overlap: 2, leaseSeconds: 3600, honeypotRate: 0, memberIds: [first.user.id, second.user.id],
  });
  const answers: [ProjectAccess, TrajectoryPayload][] = [
    [first, { traceVerdict: "success", firstWrongStep: null, note: null, steps: [0, 1, 2, 3].map((stepIndex) => ({ stepIndex, label: "correct" as const })) }],
    [second, {
      traceVerdict: "failure", firstWrongStep: 2, note: null,
      steps: [{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "correct" }, { stepIndex: 2, label: "incorrect", errorKind: "wrong_element" }, { stepIndex: 3, label: "unsure" }],
    }],
  ];
  for (const [who, payload] of answers) {
    const claim = (await claimNextItem(db, { queueId: queue.id, userId: who.user.id }))!;
    await saveTrajectoryAnnotation(db, who, { trajectoryId: trajectory.id, baseVersion: null, status: "submitted", payload });
    await markClaimSubmitted(db, { claimId: claim.claimId, userId: who.user.id });
  }
  const disputedTrajectoryItem = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id, trajectoryId: trajectory.id } });
  if (disputedTrajectoryItem.status !== "adjudication") throw new Error(`the seeded trajectory should await adjudication, it is ${disputedTrajectoryItem.status}`);

  const seed: AdjudicationSeed = {
    projectId: project.id,
    annotator2,
    disputedSampleId,
    knownSampleId,
    honeypotRealSampleId,
    trajectoryId: trajectory.id,
    trajectoryQueueId: queue.id,
    trajectoryQueueItemId: disputedTrajectoryItem.id,
  };
  writeFileSync(path.join(dataDir, ADJUDICATION_SEED_FILE), JSON.stringify(seed, null, 2));
}
