// The new importers' own project, "formats" (issue 35): empty but for its members, so that what
// import-new-formats.spec.ts brings in through the import screen moves no figure another spec reads.
import type { Db } from "@/lib/db";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { FORMATS_SLUG } from "./seed-formats-file";


export async function seedFormats(db: Db, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: FORMATS_SLUG, name: "New import formats" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
}
