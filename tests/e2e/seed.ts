// Prepares the e2e data dir through the domain layer: migrations, the owner and the demo
// project (as `npm start` makes them), an admin, an annotator and a reviewer of the demo
// project, and an outsider who is admin of another project with its own screenshot.
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/migrate";
import { generatePassword } from "@/lib/auth/password";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { ensureOwnerAndDemo } from "@/lib/setup/first-run";
import { createUser } from "@/lib/users/users";
import { E2E_USERS_FILE, type E2eSeed } from "./seed-file";

async function main() {
  const { databaseUrl, dataDir, mediaDir } = env();
  applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const store = createLocalMediaStore(mediaDir);
  const owner = await ensureOwnerAndDemo(db, store, dataDir);
  const demo = await db.project.findUniqueOrThrow({ where: { slug: "demo" } });

  const users: E2eSeed["users"] = { owner: { email: owner.email, password: owner.password! } };
  for (const role of ["admin", "reviewer", "annotator", "outsider", "locked", "joiner"] as const) {
    const email = `${role}@e2e.test`;
    const password = generatePassword();
    await createUser(db, { email, name: `${role[0]!.toUpperCase()}${role.slice(1)} Tester`, password });
    if (role === "admin" || role === "reviewer" || role === "annotator") await grantRole(db, demo.id, { email, role });
    users[role] = { email, password };
  }
  const other = await createProject(db, { slug: "other", name: "Other team" });
  await grantRole(db, other.id, { email: users.outsider!.email, role: "admin" });
  const otherImage = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#aa3355" } }).png().toBuffer();
  const otherMedia = await ingestImage(db, store, other.id, otherImage);
  const demoMedia = await db.media.findFirstOrThrow({ where: { projectId: demo.id, mime: "image/png" }, orderBy: { createdAt: "asc" } });

  const seed: E2eSeed = { users, demoMediaId: demoMedia.id, demoProjectId: demo.id, otherMediaId: otherMedia.id };
  writeFileSync(path.join(dataDir, E2E_USERS_FILE), JSON.stringify(seed, null, 2));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
