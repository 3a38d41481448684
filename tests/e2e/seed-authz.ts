// Objects the authorization matrix works on, its own so that its successful calls (saves,
// overrides, claims) never touch what other specs assert on.
import { pinSeedAnswer } from "./seed-derived";
import { drawFirstRound } from "@/lib/runs/sampling/draw-sample";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { AUTHZ_SEED_FILE, type AuthzSeed } from "./authz-seed-file";
import { ensureImportedAnnotator } from "@/lib/users/placeholders";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

export async function seedAuthz(db: Db, dataDir: string, emails: Record<"admin" | "reviewer" | "annotator", string>): Promise<void> {
  const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
  const other = await db.project.findUniqueOrThrow({ where: { slug: "other" } });
  const runs = await db.project.findUniqueOrThrow({ where: { slug: "runs" } });
  const media = await db.media.findFirstOrThrow({ where: { projectId: demo.id, mime: "image/png" }, orderBy: { createdAt: "asc" } });

  const sampleIds: string[] = [];
  for (let i = 0; i < 12; i++) {
    const sample = await db.groundingSample.create({
      data: { projectId: demo.id, mediaId: media.id, instruction: `Matrix sample ${i}`, sourceDataset: "authz", sourceId: `s${i}`, contentHash: `authz-s${i}`, boxX1: 1, boxY1: 1, boxX2: 20, boxY2: 20 },
    });
    sampleIds.push(sample.id);
  }
  const verdict = await recordVerdict(db, { projectId: demo.id, sampleId: sampleIds[0]!, kind: "mllm", judgeName: "matrix-judge", metric: "quality_score", valueScore: 7 });
  const trajectoryIds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const trajectory = await db.trajectory.create({
      data: { projectId: demo.id, goal: `Matrix goal ${i}`, sourceDataset: "authz", sourceId: `t${i}`, contentHash: `authz-t${i}`, stepCount: 1, steps: { create: [{ index: 0, mediaId: media.id }] } },
    });
    trajectoryIds.push(trajectory.id);
  }
  const members = await db.user.findMany({ where: { email: { in: Object.values(emails) } }, select: { id: true } });
  const owner = await db.user.findFirstOrThrow({ where: { isOwner: true } });
  const queue = await db.queue.create({
    data: {
      projectId: demo.id,
      name: "Authorization matrix",
      itemType: "sample",
      filter: {},
      overlap: 3,
      createdById: owner.id,
      members: { createMany: { data: members.map((m) => ({ userId: m.id })) } },
      items: { createMany: { data: sampleIds.slice(3, 9).map((sampleId) => ({ sampleId })) } },
    },
  });
  const skipQueue = await db.queue.create({
    data: {
      projectId: demo.id,
      name: "Authorization matrix (skip)",
      itemType: "sample",
      filter: {},
      overlap: 1,
      createdById: owner.id,
      members: { createMany: { data: members.map((m) => ({ userId: m.id })) } },
      items: { createMany: { data: [{ sampleId: sampleIds[6]! }] } },
    },
  });
  // Closed by the admin's probe of changeQueueStatusAction (refused for everyone below).
  const closableQueue = await db.queue.create({
    data: { projectId: demo.id, name: "Authorization matrix (close)", itemType: "sample", filter: {}, overlap: 1, createdById: owner.id },
  });
  // An item two annotators disagreed on, waiting for a reviewer.
  const adjudicationItem = await db.queueItem.create({ data: { queueId: skipQueue.id, sampleId: sampleIds[7]!, status: "adjudication", submittedCount: 2 } });
  await db.groundingSample.update({ where: { id: sampleIds[7]! }, data: { status: "awaiting_adjudication" } });
  // A verified sample with a reviewer's answer: what a honeypot is made from.
  const reviewer = await db.user.findUniqueOrThrow({ where: { email: emails.reviewer } });
  const box = (n: number) => ({ targetAbsent: false, box: [n, n, n + 16, n + 16] as [number, number, number, number], instructionRewrite: null, qualityScore: null, note: null });
  await pinSeedAnswer(db, demo.id, { sampleId: sampleIds[8]!, payload: box(2) }, reviewer.id);
  for (const i of [9, 10, 11]) await pinSeedAnswer(db, demo.id, { sampleId: sampleIds[i]!, payload: box(i) }, reviewer.id);
  await pinSeedAnswer(db, demo.id, { trajectoryId: trajectoryIds[3]!, payload: { traceVerdict: "success", firstWrongStep: null, steps: [{ stepIndex: 0, label: "correct" }], note: null } }, reviewer.id);
  // An annotator's submit on a verified sample outside a queue: a proposal for a reviewer.
  const annotator = await db.user.findUniqueOrThrow({ where: { email: emails.annotator } });
  const proposal = await saveAnswer(db, { user: { id: annotator.id, email: annotator.email, name: annotator.name, isOwner: false }, projectId: demo.id, role: "annotator" }, {
    itemType: "sample", itemId: sampleIds[10]!, baseVersion: null, status: "submitted", payload: box(30),
  });
  if (proposal.outcome !== "proposal") throw new Error(`the seeded proposal is ${proposal.outcome}`);

  // A rollout whose rule verifier and MLLM judge disagree, in a triage queue of reviewers.
  const rule = await recordVerdict(db, { projectId: demo.id, trajectoryId: trajectoryIds[1]!, kind: "rule", judgeName: "matrix-rule", metric: "trace_success", valueBool: true });
  const judge = await recordVerdict(db, { projectId: demo.id, trajectoryId: trajectoryIds[1]!, kind: "mllm", judgeName: "matrix-judge", metric: "trace_success", valueBool: false });
  void rule;
  const reviewerAndAdmin = await db.user.findMany({ where: { email: { in: [emails.reviewer, emails.admin] } }, select: { id: true } });
  const triageQueue = await db.queue.create({
    data: {
      projectId: demo.id,
      name: "Authorization matrix (triage)",
      itemType: "disagreement",
      filter: {},
      overlap: 1,
      createdById: owner.id,
      members: { createMany: { data: reviewerAndAdmin.map((m) => ({ userId: m.id })) } },
      items: { createMany: { data: [{ trajectoryId: trajectoryIds[1]!, verdictId: judge.id, priority: 1 }, { trajectoryId: trajectoryIds[2]!, verdictId: judge.id, priority: 0 }] } },
    },
  });
  const triageItem = await db.queueItem.findFirstOrThrow({ where: { queueId: triageQueue.id, trajectoryId: trajectoryIds[1]! } });

  // Granted, removed, reset and re-enabled by the matrix: nobody else signs in as it.
  const matrixUser = await db.user.create({ data: { email: "matrix-member@e2e.test", name: "Matrix Member" } });
  const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId: runs.id, benchmark: "androidlab" } });
  const job = await db.job.findFirstOrThrow({ where: { projectId: runs.id } });
  const treeStep = await db.step.findFirstOrThrow({ where: { trajectory: { projectId: runs.id }, uiTreeKey: { not: null } } });
  // Placeholders of imported annotators, linked and made a user by the owner's probes.
  const placeholder = (name: string) => db.$transaction((tx) => ensureImportedAnnotator(tx, demo.id, { source: "agentrewardbench", name }));
  const toLink = await placeholder("matrix-link");
  const toConvert = await placeholder("matrix-convert");

  // Evaluation runs for sampled verification: one to draw a first sample from, one whose sample
  // of 2 (of 10) the matrix extends, and two to compare.
  const matrixRun = async (name: string, episodes: number) => {
    const made = await db.evaluationRun.create({ data: { projectId: demo.id, name, benchmark: "authz-bench" } });
    for (let i = 0; i < episodes; i++) {
      await db.trajectory.create({ data: { projectId: demo.id, runId: made.id, goal: `${name} goal ${i}`, sourceDataset: "authz", sourceId: `${name}/t${i}`, contentHash: `${name}/t${i}`, stepCount: 1, sourceOutcome: i % 2 === 0 } });
    }
    return made.id;
  };
  const sampleRuns = { draw: await matrixRun("matrix-draw", 3), more: await matrixRun("matrix-more", 10), compareA: await matrixRun("matrix-a", 3), compareB: await matrixRun("matrix-b", 3) };
  const adminUser = await db.user.findUniqueOrThrow({ where: { email: emails.admin } });
  await drawFirstRound(db, { user: { id: adminUser.id, email: adminUser.email, name: adminUser.name, isOwner: false }, projectId: demo.id, role: "admin" }, { runId: sampleRuns.more, design: "uniform", size: 2, seed: "matrix" });

  const seed: AuthzSeed = {
    demoProjectId: demo.id,
    otherProjectId: other.id,
    runsProjectId: runs.id,
    sampleIds,
    verdictId: verdict.id,
    trajectoryIds,
    queueId: queue.id,
    skipQueueId: skipQueue.id,
    closableQueueId: closableQueue.id,
    adjudicationItemId: adjudicationItem.id,
    verifiedSampleId: sampleIds[8]!,
    reopenSampleId: sampleIds[9]!,
    proposalAnnotationId: proposal.saved.id,
    guardedSampleId: sampleIds[11]!,
    guardedTrajectoryId: trajectoryIds[3]!,
    triageQueueId: triageQueue.id,
    triageItemId: triageItem.id,
    runId: run.id,
    jobId: job.id,
    treeStepId: treeStep.id,
    otherUserEmail: matrixUser.email,
    placeholderToLinkId: toLink.userId,
    placeholderToConvertId: toConvert.userId,
    sampleRuns,
  };
  writeFileSync(path.join(dataDir, AUTHZ_SEED_FILE), JSON.stringify(seed, null, 2));
}
