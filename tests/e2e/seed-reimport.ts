// The re-import world (issue 33), in a project of its own, "reimport": empty but for its
// members, a grounding pool and API tokens. The spec brings its data in the way a team does,
// through the import screen, then imports the same run again with changes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createPool } from "@/lib/pools/pools";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createApiToken } from "@/lib/tokens/tokens";
import type { E2eSeed } from "./seed-file";
import { REIMPORT_SEED_FILE, type ReimportSeed } from "./seed-reimport-file";

export async function seedReimport(db: Db, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: "reimport", name: "Re-import checks" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const admin = await db.user.findUniqueOrThrow({ where: { email: users.admin!.email } });
  const groundingPoolDir = path.join(dataDir, "pools", "reimport-grounding");
  const pool = await createPool(db, { userId: admin.id, projectId: project.id }, {
    name: "reimport-grounding", kind: "grounding", profile: "ms-swift", imageMode: "copy", settings: { template: "verity-grounding", convention: "rel1000", target: "box" }, targetType: "local", targetUri: groundingPoolDir,
  });
  const token = async (role: "admin" | "reviewer") => (await createApiToken(db, project.id, admin.id, { name: `reimport-${role}`, role })).secret;
  const seed: ReimportSeed = { projectId: project.id, slug: "reimport", groundingPool: pool.id, groundingPoolDir, tokens: { admin: await token("admin"), reviewer: await token("reviewer") } };
  writeFileSync(path.join(dataDir, REIMPORT_SEED_FILE), JSON.stringify(seed, null, 2));
}
