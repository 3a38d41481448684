// Prepares the e2e data dir through the domain layer: migrations, the owner and the demo
// project (as `npm start` makes them), an admin, an annotator and a reviewer of the demo
// project, and an outsider who is admin of another project with its own screenshot.
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createDb } from "@/lib/db";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { generatePassword } from "@/lib/auth/password";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { ensureOwnerAndDemo } from "@/lib/setup/first-run";
import { createUser } from "@/lib/users/users";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import { E2E_USERS_FILE, type E2eSeed } from "./seed-file";
import { seedPools } from "./seed-pools";
import { seedAuthz } from "./seed-authz";
import { seedAdjudication } from "./seed-adjudication";
import { seedTriage } from "./seed-triage";
import { seedVerified } from "./seed-verified";
import { seedModelRuns } from "./seed-model-runs";
import { seedModelLoop } from "./seed-model-loop";
import { seedBenchmarks } from "./seed-benchmarks";
import { seedWorkspace } from "./seed-workspace";
import { seedBulkPass } from "./seed-bulk-pass";
import { seedRapid } from "./seed-rapid";
import { seedFormats } from "./seed-formats";
import { seedLabels } from "./seed-labels";
import { seedSampled } from "./seed-sampled";
import { seedReimport } from "./seed-reimport";
import { seedScreens } from "./seed-screens";
import { rederiveStale } from "./seed-derived";
import { seedUiTreeSample } from "./seed-ui-tree";
import { generatedFixtures } from "../support/import-fixtures";
import { renderScreen } from "../support/import-fixtures/screens";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

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

  // Review samples on a phone-sized screenshot (718x1280) the project draws itself, so the
  // suite runs without ../shared/fixtures.
  const screenshot = await renderScreen(718, 1280, 42);
  const trace = await ingestImage(db, store, demo.id, screenshot, "ui-venus screenshot");
  const reviewSample = async (sourceId: string, instruction: string, extra: object = {}) =>
    (
      await db.groundingSample.create({
        data: { projectId: demo.id, mediaId: trace.id, imageRef: "trace.png", instruction, sourceDataset: "e2e", sourceId, contentHash: sourceId, ...extra },
      })
    ).id;
  const reviewSampleIds = {
    zoom1: await reviewSample("zoom1", "Tap the search box"),
    zoom25: await reviewSample("zoom25", "Tap the first picture"),
    absent: await reviewSample("absent", "Open the settings gear", { boxX1: 10, boxY1: 10, boxX2: 60, boxY2: 60 }),
    // The grounding workspace's layout (grounding-workspace.spec.ts): an imported box to redraw over.
    workspace: await reviewSample("workspace", "Tap the third list row", { boxX1: 80, boxY1: 420, boxX2: 640, boxY2: 500 }),
  };
  await recordVerdict(db, { projectId: demo.id, sampleId: reviewSampleIds.absent, kind: "mllm", judgeName: "teacher-72b", metric: "quality_score", valueScore: 8, rationale: "Looks fine." });

  // Trajectories in the real layouts (generated): an AndroidLab run and WebVoyager results,
  // imported as an admin would.
  const runs = await createProject(db, { slug: "runs", name: "Evaluation runs" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, runs.id, { email: users[role]!.email, role });
  const fixtures = await generatedFixtures();
  for (const fixture of ["androidlab-run", "webvoyager"]) {
    const job = await createImportJob(db, runs.id, null, { target: path.join(fixtures, fixture), scratch: path.join(dataDir, `scratch-${fixture}`) });
    await executeImportJob(db, store, job.id);
  }
  await seedUiTreeSample(db, runs.id);

  await seedAdjudication(db, store, dataDir, screenshot, { admin: users.admin!, reviewer: users.reviewer!, annotator: users.annotator! });
  await seedTriage(db, store, users);

  const seed: E2eSeed = { users, demoMediaId: demoMedia.id, demoProjectId: demo.id, otherMediaId: otherMedia.id, reviewSampleIds };
  writeFileSync(path.join(dataDir, E2E_USERS_FILE), JSON.stringify(seed, null, 2));
  await seedAuthz(db, dataDir, { admin: users.admin!.email, reviewer: users.reviewer!.email, annotator: users.annotator!.email });
  await seedPools(db, store, dataDir, { admin: users.admin!.email, reviewer: users.reviewer!.email, annotator: users.annotator!.email });
  await seedVerified(db, store, dataDir, users);
  await seedModelRuns(db, dataDir, users.admin!.email, "verified");
  await seedBenchmarks(db, store, dataDir, users);
  await seedWorkspace(db, store, dataDir, users);
  await seedBulkPass(db, store, dataDir, users);
  await seedFormats(db, users);
  await seedLabels(db, store, dataDir, users.admin!.email);
  await seedSampled(db, store, dataDir, users);
  await seedReimport(db, dataDir, users);
  await seedModelLoop(db, store, dataDir, users);
  await seedScreens(db, store, dataDir, users);
  await seedRapid(db, store, dataDir, users);
  // Rows written straight to the database are derived as an import derives its batches.
  for (const project of await db.project.findMany({ select: { id: true } })) await rederiveStale(db, project.id);
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
