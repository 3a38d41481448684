// The review-page benchmark's data dir, run as its own process (bench/review-bench.ts) so the
// app's settings (VERITY_DATA_DIR, DATABASE_URL) are this data dir's and nobody else's: a
// reviewer with the password REVIEW_PASSWORD, a project with REVIEW_SIZE grounding samples and
// REVIEW_SIZE trajectories of STEPS steps, over MEDIA real screenshots (each sample and step
// names one, as imported data does). The user, project and screenshots go through the app's
// own functions; the million-row tables are raw statements, as tests/load/seed-load.ts does
// (through the ORM they would take longer than the benchmark): prepared inserts on SQLite,
// COPY on PostgreSQL. Prints the project's slug and the reviewer's e-mail as JSON.
import Database from "better-sqlite3";
import sharp from "sharp";
import pg from "pg";
import { createDb, providerOf, sqlitePath } from "@/lib/db";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";
import { env } from "@/lib/env";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { applyMigrations } from "@/lib/db/migrate";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createUser } from "@/lib/users/users";
import { copyRows } from "./pg-copy";
import { reviewSampleId, reviewTrajectoryId } from "./review-ids";

const MEDIA = 20;
const STEPS = 3;

type Rows = { size: number; projectId: string; mediaIds: string[] };
type Value = string | number | boolean | Date | null;

const SAMPLE_COLUMNS = ["id", "projectId", "mediaId", "imageWidth", "imageHeight", "instruction", "platform", "app", "sourceDataset", "sourceId",
  "contentHash", "boxX1", "boxY1", "boxX2", "boxY2", "createdAt", "updatedAt", "derivedRevision"];
const TRAJECTORY_COLUMNS = ["id", "projectId", "goal", "benchmark", "app", "model", "sourceDataset", "sourceId", "contentHash", "stepCount",
  "createdAt", "updatedAt", "derivedRevision"];
const STEP_COLUMNS = ["id", "trajectoryId", "index", "mediaId", "actionType", "action", "thought"];

function* sampleRows({ size, projectId, mediaIds }: Rows, now: Value): Generator<Value[]> {
  for (let i = 0; i < size; i++) {
    const [x, y] = [100 + (i % 1000), 100 + (i % 500)];
    yield [reviewSampleId(i), projectId, mediaIds[i % MEDIA]!, 1280, 720, `Open the menu item number ${i}`, "windows", `app-${i % 37}`, "review-bench", `rs${i}`,
      `rs${i}`, x, y, x + 80, y + 30, now, now, 1];
  }
}

function* trajectoryRows({ size, projectId }: Rows, now: Value): Generator<Value[]> {
  for (let i = 0; i < size; i++) {
    yield [reviewTrajectoryId(i), projectId, `Finish task number ${i}`, "bench", `app-${i % 37}`, "bench-model", "review-bench", `rt${i}`, `rt${i}`, STEPS, now, now, 1];
  }
}

function* stepRows({ size, mediaIds }: Rows): Generator<Value[]> {
  for (let i = 0; i < size; i++) {
    const id = reviewTrajectoryId(i);
    for (let k = 0; k < STEPS; k++) {
      yield [`${id}k${k}`, id, k, mediaIds[(i + k) % MEDIA]!, "click", JSON.stringify({ type: "click", x: 200 + k * 10, y: 300 }), `Step ${k} of task ${i}`];
    }
  }
}

const insertSql = (table: string, columns: string[]) =>
  `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;

function seedSqlite(file: string, rows: Rows): void {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.prepare(`UPDATE "Project" SET "derivationCode" = ? WHERE "id" = ?`).run(DERIVATION_CODE_VERSION, rows.projectId);
  // Dates as Prisma's SQLite adapter stores them ("+00:00", not "Z").
  const now = new Date().toISOString().replace("Z", "+00:00");
  for (const [table, columns, values] of [
    ["GroundingSample", SAMPLE_COLUMNS, sampleRows(rows, now)],
    ["Trajectory", TRAJECTORY_COLUMNS, trajectoryRows(rows, now)],
    ["Step", STEP_COLUMNS, stepRows(rows)],
  ] as const) {
    const insert = sqlite.prepare(insertSql(table, [...columns]));
    const batch = sqlite.transaction(() => {
      for (let k = 0; k < 20_000; k++) {
        const next = values.next();
        if (next.done) return false;
        insert.run(...next.value);
      }
      return true;
    });
    while (batch());
  }
  sqlite.pragma("analysis_limit = 0");
  sqlite.exec("PRAGMA optimize = 0x10002");
  sqlite.close();
}

async function seedPostgres(url: string, rows: Rows): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`UPDATE "Project" SET "derivationCode" = $1 WHERE "id" = $2`, [DERIVATION_CODE_VERSION, rows.projectId]);
    const now = new Date();
    await copyRows(client, "GroundingSample", SAMPLE_COLUMNS, sampleRows(rows, now));
    await copyRows(client, "Trajectory", TRAJECTORY_COLUMNS, trajectoryRows(rows, now));
    await copyRows(client, "Step", STEP_COLUMNS, stepRows(rows));
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

// Queue mode (bench/review-swap.ts): a sample queue and a trajectory queue of QUEUED items each
// from the middle of the list, with the bench's reviewer as their one member.
const QUEUED = 400;
async function seedQueues(databaseUrl: string, projectId: string, email: string, size: number) {
  const db = createDb(databaseUrl);
  try {
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const from = Math.floor(size / 2);
    const ids = Array.from({ length: Math.min(QUEUED, size - from) }, (_, k) => from + k);
    const queue = (name: string, itemType: "sample" | "trajectory", items: { sampleId?: string; trajectoryId?: string }[]) =>
      db.queue.create({ data: { projectId, name, itemType, filter: {}, overlap: 1, createdById: user.id, members: { create: [{ userId: user.id }] }, items: { create: items } }, select: { id: true, name: true } });
    return {
      samples: await queue("Bench samples", "sample", ids.map((i) => ({ sampleId: reviewSampleId(i) }))),
      trajectories: await queue("Bench trajectories", "trajectory", ids.map((i) => ({ trajectoryId: reviewTrajectoryId(i) }))),
    };
  } finally {
    await db.$disconnect();
  }
}

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

  // Derived as an import leaves it (current code, every item at the project's revision 1), as
  // seed-load.ts does: otherwise the server's start would re-derive every item while measured.
  const rows = { size, projectId: project.id, mediaIds };
  if (providerOf(databaseUrl) === "postgres") await seedPostgres(databaseUrl, rows);
  else seedSqlite(sqlitePath(databaseUrl), rows);
  const queues = await seedQueues(databaseUrl, project.id, email, size);
  console.log(JSON.stringify({ slug: project.slug, email, queues }));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
