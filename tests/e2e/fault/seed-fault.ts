// A small data dir for the fault-injection spec: migrations, one annotator with the password
// given in FAULT_PASSWORD, a project and FAULT_SAMPLES samples. Prints what it made as JSON.
import { createDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/migrate";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createUser } from "@/lib/users/users";

async function main() {
  const { databaseUrl } = env();
  applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const email = "fault-annotator@e2e.test";
  await createUser(db, { email, name: "Fault Annotator", password: process.env.FAULT_PASSWORD! });
  const project = await createProject(db, { slug: "fault", name: "Fault injection" });
  await grantRole(db, project.id, { email, role: "admin" });
  const count = Number(process.env.FAULT_SAMPLES ?? "20");
  await db.groundingSample.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      projectId: project.id,
      instruction: `Fault sample ${i}`,
      imageWidth: 1000,
      imageHeight: 1000,
      imageMissing: true,
      sourceDataset: "fault",
      sourceId: `f${i}`,
      contentHash: `f${i}`,
    })),
  });
  const samples = await db.groundingSample.findMany({ where: { projectId: project.id }, select: { id: true }, orderBy: { sourceId: "asc" } });
  console.log(JSON.stringify({ projectId: project.id, email, sampleIds: samples.map((s) => s.id) }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
