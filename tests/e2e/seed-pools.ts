// The pools e2e world: a project "pools" whose admin, reviewer and annotator are the e2e
// users, with grounding samples on a real screenshot verified through the reviewer's save
// path (one of them a refusal), and, for the authorization matrix, pools with a complete
// snapshot (in "pools") and an evaluation pool in the demo project (where the matrix's API
// tokens live). Pool directories live under <data dir>/pools, the default pool root.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { executeExportJob } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { createPool } from "@/lib/pools/pools";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { POOLS_SEED_FILE, type PoolsSeed } from "./seed-pools-file";
import { renderScreen } from "../support/import-fixtures/screens";

export async function seedPools(db: Db, store: MediaStore, dataDir: string, emails: Record<"admin" | "reviewer" | "annotator", string>): Promise<void> {
  const project = await createProject(db, { slug: "pools", name: "Training pools" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: emails[role], role });
  const reviewerUser = await db.user.findUniqueOrThrow({ where: { email: emails.reviewer } });
  const adminUser = await db.user.findUniqueOrThrow({ where: { email: emails.admin } });
  const reviewer: ProjectAccess = { user: { id: reviewerUser.id, email: reviewerUser.email, name: reviewerUser.name, isOwner: false }, projectId: project.id, role: "reviewer" };

  const screenshot = await renderScreen(718, 1280, 43);
  const media = await ingestImage(db, store, project.id, screenshot, "ui-venus screenshot");
  const answers: [string, [number, number, number, number] | null][] = [
    ["Tap the search box", [40, 90, 680, 150]],
    ["Open the first result", [20, 300, 700, 420]],
    ["Press the settings gear", null],
    ["Scroll to the bottom", [0, 1100, 718, 1280]],
  ];
  for (const [i, [instruction, box]] of answers.entries()) {
    const sample = await db.groundingSample.create({
      data: { projectId: project.id, mediaId: media.id, instruction, sourceDataset: "e2e-pools", sourceId: `p${i}`, contentHash: `pools-${i}` },
    });
    await saveGroundingAnnotation(db, reviewer, { sampleId: sample.id, baseVersion: null, status: "submitted", payload: { targetAbsent: box === null, box, instructionRewrite: null, qualityScore: 8 - i * 2, note: null } });
  }

  const poolsRoot = path.join(dataDir, "pools");
  const actor = { userId: adminUser.id, projectId: project.id };
  const local = (name: string) => ({ targetType: "local", targetUri: path.join(poolsRoot, name) });
  const exported = await createPool(db, actor, { name: "matrix-snapshot", kind: "grounding", profile: "ms-swift", imageMode: "copy", ...local("matrix-snapshot") });
  const job = await startExport(db, actor, { poolId: exported.id, mode: "full" });
  const outcome = await executeExportJob(db, job.id, { store, targetOf: poolTarget });
  if (outcome?.status !== "succeeded") throw new Error(`seeding the pools snapshot failed: ${JSON.stringify(outcome)}`);
  const edit = await createPool(db, actor, { name: "matrix-edit", kind: "navigation", profile: "ms-swift", ...local("matrix-edit") });
  const toExport = await createPool(db, actor, { name: "matrix-export", kind: "mid_training", profile: "llama-factory", ...local("matrix-export") });

  const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });
  const demoPool = await createPool(db, { userId: adminUser.id, projectId: demo.id }, { name: "matrix-eval", kind: "evaluation", profile: "table", ...local("matrix-eval") });

  const seed: PoolsSeed = {
    projectId: project.id,
    exportedPoolId: exported.id,
    snapshotId: outcome.snapshotId,
    snapshotFile: "grounding.jsonl",
    editPoolId: edit.id,
    exportPoolId: toExport.id,
    demoPoolId: demoPool.id,
    poolsRoot,
  };
  writeFileSync(path.join(dataDir, POOLS_SEED_FILE), JSON.stringify(seed, null, 2));
}
