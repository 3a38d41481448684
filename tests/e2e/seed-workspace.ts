// The trajectory workspace spec's own project, "workspace", so that what it labels moves no
// figure another spec reads: the generated AndroidLab run (quark_1..3, phone screenshots with
// the screenshot-end-* after each last action) and the metrics run whose clock_1 repeats a
// screen (a step with no visible effect), imported as an admin would.
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { writeAndroidLabRun } from "../support/import-fixtures/androidlab";
import { writeAndroidLabMetricsRun } from "../support/import-fixtures/androidlab-metrics";

export const WORKSPACE_SLUG = "workspace";

export async function seedWorkspace(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: WORKSPACE_SLUG, name: "Trajectory workspace" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const roots = [await writeAndroidLabRun(path.join(dataDir, "workspace-androidlab")), await writeAndroidLabMetricsRun(path.join(dataDir, "workspace-metrics"))];
  for (const [i, root] of roots.entries()) {
    const job = await createImportJob(db, project.id, null, { target: root, scratch: path.join(dataDir, `scratch-workspace-${i}`) });
    await executeImportJob(db, store, job.id);
  }
}
