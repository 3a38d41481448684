// Objects the authorization matrix works on, its own so that its successful calls (saves,
// overrides, claims) never touch what other specs assert on.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";

export const AUTHZ_SEED_FILE = "authz-seed.json";

export type AuthzSeed = {
  demoProjectId: string;
  otherProjectId: string;
  runsProjectId: string;
  sampleIds: string[]; // one per role that saves, so saves never conflict
  verdictId: string;
  trajectoryIds: string[];
  queueId: string;
  runId: string;
  jobId: string;
  treeStepId: string;
  otherUserEmail: string;
};

export async function seedAuthz(db: Db, dataDir: string, emails: Record<"admin" | "reviewer" | "annotator", string>): Promise<void> {
  const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
  const other = await db.project.findUniqueOrThrow({ where: { slug: "other" } });
  const runs = await db.project.findUniqueOrThrow({ where: { slug: "runs" } });
  const media = await db.media.findFirstOrThrow({ where: { projectId: demo.id, mime: "image/png" }, orderBy: { createdAt: "asc" } });

  const sampleIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const sample = await db.groundingSample.create({
      data: { projectId: demo.id, mediaId: media.id, instruction: `Matrix sample ${i}`, sourceDataset: "authz", sourceId: `s${i}`, contentHash: `authz-s${i}`, boxX1: 1, boxY1: 1, boxX2: 20, boxY2: 20 },
    });
    sampleIds.push(sample.id);
  }
  const verdict = await db.judgeVerdict.create({
    data: { projectId: demo.id, targetType: "sample", sampleId: sampleIds[0]!, kind: "mllm", judgeName: "matrix-judge", metric: "quality_score", valueScore: 7 },
  });
  const trajectoryIds: string[] = [];
  for (let i = 0; i < 3; i++) {
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
      items: { createMany: { data: sampleIds.slice(3).map((sampleId) => ({ sampleId })) } },
    },
  });
  // Granted, removed, reset and re-enabled by the matrix: nobody else signs in as it.
  const matrixUser = await db.user.create({ data: { email: "matrix-member@e2e.test", name: "Matrix Member" } });
  const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId: runs.id } });
  const job = await db.job.findFirstOrThrow({ where: { projectId: runs.id } });
  const treeStep = await db.step.findFirstOrThrow({ where: { trajectory: { projectId: runs.id }, uiTreeKey: { not: null } } });

  const seed: AuthzSeed = {
    demoProjectId: demo.id,
    otherProjectId: other.id,
    runsProjectId: runs.id,
    sampleIds,
    verdictId: verdict.id,
    trajectoryIds,
    queueId: queue.id,
    runId: run.id,
    jobId: job.id,
    treeStepId: treeStep.id,
    otherUserEmail: matrixUser.email,
  };
  writeFileSync(path.join(dataDir, AUTHZ_SEED_FILE), JSON.stringify(seed, null, 2));
}
