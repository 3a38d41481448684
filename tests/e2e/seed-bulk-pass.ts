// The bulk pass's own project, "bulkpass", so that what its spec accepts moves no figure another
// spec reads: twelve generated ScreenSpot-Pro samples with their screenshots (two apps, three
// screenshots each, two targets a screenshot), imported as an admin would.
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { writeScreenSpotProMeta } from "../support/import-fixtures/screenspot-pro";

export const BULK_PASS_SLUG = "bulkpass";

export async function seedBulkPass(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: BULK_PASS_SLUG, name: "Bulk pass checks" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const root = path.join(dataDir, "bulk-pass-screenspot-pro");
  await writeScreenSpotProMeta(root);
  const job = await createImportJob(db, project.id, null, { target: root, scratch: path.join(dataDir, "scratch-bulk-pass") });
  await executeImportJob(db, store, job.id);
}
