// The data dir of a security spec's own server: migrations, the site owner (with
// owner-credentials.txt written the way `npm start` writes it, a file an attacker would aim
// a symlink at), two projects ("alpha", "beta") with an admin each, an annotator and a
// sign-in victim in alpha, samples in alpha for other users' page loads, and a local pool in
// beta. Prints what it made as JSON on its last line.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { createPool } from "@/lib/pools/pools";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createUser } from "@/lib/users/users";

async function main() {
  const { databaseUrl, dataDir } = env();
  applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const password = process.env.SECURITY_PASSWORD!;
  const users: Record<string, { email: string; id: string }> = {};
  for (const role of ["owner", "adminA", "adminB", "annotatorA", "victim"]) {
    const email = `${role.toLowerCase()}@security.test`;
    const user = await createUser(db, { email, name: role, password, isOwner: role === "owner" });
    users[role] = { email, id: user.id };
  }
  writeFileSync(path.join(dataDir, "owner-credentials.txt"), `email=${users.owner!.email}\npassword=${password}\n`, { mode: 0o600 });
  const alpha = await createProject(db, { slug: "alpha", name: "Alpha" });
  const beta = await createProject(db, { slug: "beta", name: "Beta" });
  await grantRole(db, alpha.id, { email: users.adminA!.email, role: "admin" });
  await grantRole(db, alpha.id, { email: users.annotatorA!.email, role: "annotator" });
  await grantRole(db, alpha.id, { email: users.victim!.email, role: "annotator" });
  await grantRole(db, beta.id, { email: users.adminB!.email, role: "admin" });
  await db.groundingSample.createMany({
    data: Array.from({ length: 200 }, (_, i) => ({
      projectId: alpha.id,
      instruction: `Security sample ${i}`,
      imageWidth: 1000,
      imageHeight: 800,
      imageMissing: true,
      sourceDataset: "security",
      sourceId: `s${i}`,
      contentHash: `security-${i}`,
    })),
  });
  const pool = await createPool(db, { userId: users.adminB!.id, projectId: beta.id }, {
    name: "beta-pool",
    kind: "grounding",
    profile: "ms-swift",
    imageMode: "copy",
    targetType: "local",
    targetUri: path.join(dataDir, "pools", "beta-pool"),
  });
  console.log(JSON.stringify({ users, alphaId: alpha.id, betaId: beta.id, betaPoolId: pool.id }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
