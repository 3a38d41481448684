// The review-page benchmark's data dir, run as its own process (bench/review-bench.ts) so the
// app's settings (VERITY_DATA_DIR, DATABASE_URL) are this data dir's and nobody else's: a
// reviewer with the password REVIEW_PASSWORD, a project with REVIEW_SIZE grounding samples and
// REVIEW_SIZE trajectories of STEPS steps, over MEDIA real screenshots (each sample and step
// names one, as imported data does). The user, project and screenshots go through the app's
// own functions; the million-row tables are raw statements, as tests/load/seed-load.ts does
// (through the ORM they would take longer than the benchmark). Prints the ids it made as JSON.
import Database from "better-sqlite3";
import sharp from "sharp";
import { createDb, sqlitePath } from "@/lib/db";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";
import { env } from "@/lib/env";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { applyMigrations } from "@/lib/migrate";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createUser } from "@/lib/users/users";
import { reviewSampleId, reviewTrajectoryId } from "./review-ids";

const MEDIA = 20;
const STEPS = 3;

async function main() {
  const size = Number(process.env.REVIEW_SIZE);
  const { databaseUrl, mediaDir } = env();
  applyMigrations(databaseUrl);
  const db = createDb(databaseUrl);
  const email = "reviewer@review-bench.test";
  await createUser(db, { email, name: "Bench Reviewer", password: process.env.REVIEW_PASSWORD! });
  const project = await createProject(db, { slug: "review-bench", name: "Review bench" });
  await grantRole(db, project.id, { email, role: "reviewer" });
  const store = createLocalMediaStore(mediaDir);
  const mediaIds: string[] = [];
  for (let m = 0; m < MEDIA; m++) {
    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 40 + m * 9, g: 90, b: 160 } } }).png().toBuffer();
    mediaIds.push((await ingestImage(db, store, project.id, png, `screen-${m}.png`)).id);
  }
  await db.$disconnect();

  const sqlite = new Database(sqlitePath(databaseUrl));
  sqlite.pragma("journal_mode = WAL");
  // Derived as an import leaves it (current code, every item at the project's revision 1), as
  // seed-load.ts does: otherwise the server's start would re-derive every item while measured.
  sqlite.prepare(`UPDATE "Project" SET "derivationCode" = ? WHERE "id" = ?`).run(DERIVATION_CODE_VERSION, project.id);
  // Dates as Prisma's SQLite adapter stores them ("+00:00", not "Z").
  const now = new Date().toISOString().replace("Z", "+00:00");
  const sample = sqlite.prepare(
    `INSERT INTO "GroundingSample" (id, projectId, mediaId, imageWidth, imageHeight, instruction, platform, app, sourceDataset, sourceId, contentHash, boxX1, boxY1, boxX2, boxY2, createdAt, updatedAt, derivedRevision)
     VALUES (?, ?, ?, 1280, 720, ?, 'windows', ?, 'review-bench', ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const trajectory = sqlite.prepare(
    `INSERT INTO "Trajectory" (id, projectId, goal, benchmark, app, model, sourceDataset, sourceId, contentHash, stepCount, createdAt, updatedAt, derivedRevision)
     VALUES (?, ?, ?, 'bench', ?, 'bench-model', 'review-bench', ?, ?, ${STEPS}, ?, ?, 1)`,
  );
  const step = sqlite.prepare(`INSERT INTO "Step" (id, trajectoryId, "index", mediaId, actionType, action, thought) VALUES (?, ?, ?, ?, 'click', ?, ?)`);
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const [x, y] = [100 + (i % 1000), 100 + (i % 500)];
      sample.run(reviewSampleId(i), project.id, mediaIds[i % MEDIA], `Open the menu item number ${i}`, `app-${i % 37}`, `rs${i}`, `rs${i}`, x, y, x + 80, y + 30, now, now);
      const id = reviewTrajectoryId(i);
      trajectory.run(id, project.id, `Finish task number ${i}`, `app-${i % 37}`, `rt${i}`, `rt${i}`, now, now);
      for (let k = 0; k < STEPS; k++) {
        step.run(`${id}k${k}`, id, k, mediaIds[(i + k) % MEDIA], JSON.stringify({ type: "click", x: 200 + k * 10, y: 300 }), `Step ${k} of task ${i}`);
      }
    }
  });
  for (let i = 0; i < size; i += 20_000) batch(i, Math.min(size, i + 20_000));
  sqlite.pragma("analysis_limit = 0");
  sqlite.exec("PRAGMA optimize = 0x10002");
  sqlite.close();
  console.log(JSON.stringify({ slug: project.slug, email }));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
