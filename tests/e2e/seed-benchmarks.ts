// The benchmark write-back's own project, "benchmarks", so that the spec that verifies its
// episodes moves no figure another spec reads: the generated AndroidLab run (quark_1..3) with a
// ground_truth_length.json beside it, imported as an admin would.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { writeAndroidLabRun } from "../support/import-fixtures/androidlab";

export const BENCHMARKS_SLUG = "benchmarks";

export async function seedBenchmarks(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: BENCHMARKS_SLUG, name: "Benchmark results" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const root = path.join(dataDir, "benchmark-androidlab");
  await writeAndroidLabRun(root);
  const gt = path.join(root, "evaluation", "tasks", "human_ground_turth");
  await mkdir(gt, { recursive: true });
  await writeFile(path.join(gt, "ground_truth_length.json"), JSON.stringify({ quark_1: 3, quark_2: 4, quark_3: 3 }));
  const job = await createImportJob(db, project.id, null, { target: root, scratch: path.join(dataDir, "scratch-benchmarks") });
  await executeImportJob(db, store, job.id);
}
