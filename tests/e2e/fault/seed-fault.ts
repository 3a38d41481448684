// A small data dir for the fault-injection spec: migrations, one annotator with the password
// given in FAULT_PASSWORD, a project and FAULT_SAMPLES samples. Prints what it made as JSON.
import Database from "better-sqlite3";
import sharp from "sharp";
import { createDb, sqlitePath } from "@/lib/db";
import { ingestImage } from "@/lib/media/ingest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { createUser } from "@/lib/users/users";
import { rederiveStale } from "@/lib/derived/rederive-stale";

async function main() {
  const { databaseUrl, mediaDir } = env();
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
  // FAULT_VERIFIED: that many more samples, verified with a final answer on one screenshot,
  // for an export that takes long enough to be killed midway (raw rows: the ORM is too slow).
  // The first is derived by the app's own derivation; the rest copy its derived columns, which
  // depend only on the (identical) answer and project settings.
  const verified = Number(process.env.FAULT_VERIFIED ?? "0");
  if (verified > 0) {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#446688" } }).png().toBuffer();
    const media = await ingestImage(db, createLocalMediaStore(mediaDir), project.id, png, "fault.png");
    const annotator = await db.user.findUniqueOrThrow({ where: { email } });
    const sqlite = new Database(sqlitePath(databaseUrl));
    // Dates as Prisma's SQLite adapter stores them ("+00:00", not "Z"): the export's keyset
    // compares them as text.
    const now = new Date().toISOString().replace("Z", "+00:00");
    const key = (prefix: string, i: number) => `${prefix}${i.toString(36).padStart(9, "0")}fault`;
    const sample = sqlite.prepare(
      `INSERT INTO "GroundingSample" (id, projectId, mediaId, instruction, sourceDataset, sourceId, contentHash, boxX1, boxY1, boxX2, boxY2, status, verifiedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, 'fault-export', ?, ?, 10, 10, 60, 40, 'verified', ?, ?, ?)`,
    );
    const answer = sqlite.prepare(
      `INSERT INTO "Annotation" (id, projectId, annotatorId, kind, itemType, sampleId, status, version, targetAbsent, boxX1, boxY1, boxX2, boxY2, submittedAt, createdAt, updatedAt)
       VALUES (?, ?, ?, 'label', 'sample', ?, 'submitted', 1, 0, 12, 12, 62, 42, ?, ?, ?)`,
    );
    const revision = sqlite.prepare(
      `INSERT INTO "AnswerRevision" (id, projectId, itemType, sampleId, revision, source, decision, decidedById, contributorIds, fromAnnotationId, fromVersion, targetAbsent, boxX1, boxY1, boxX2, boxY2, createdAt)
       VALUES (?, ?, 'sample', ?, 1, 'review', 'accept', ?, ?, ?, 1, 0, 12, 12, 62, 42, ?)`,
    );
    const pin = sqlite.prepare(`UPDATE "GroundingSample" SET finalAnswerId = ? WHERE id = ?`);
    const insertVerified = (i: number) => {
      sample.run(key("v", i), project.id, media.id, `Tap ${i}`, `v${i}`, `v${i}`, now, now, now);
      answer.run(key("a", i), project.id, annotator.id, key("v", i), now, now, now);
      revision.run(key("r", i), project.id, key("v", i), annotator.id, JSON.stringify([annotator.id]), key("a", i), now);
      pin.run(key("r", i), key("v", i));
    };
    insertVerified(0);
    await rederiveStale(db, project.id);
    const derived = sqlite
      .prepare(`SELECT effectiveTargetAbsent, effectiveBoxX1, effectiveBoxY1, effectiveBoxX2, effectiveBoxY2, qualityTier, derivedRevision FROM "GroundingSample" WHERE id = ?`)
      .get(key("v", 0)) as Record<string, unknown>;
    const copyDerived = sqlite.prepare(
      `UPDATE "GroundingSample" SET effectiveTargetAbsent = ?, effectiveBoxX1 = ?, effectiveBoxY1 = ?, effectiveBoxX2 = ?, effectiveBoxY2 = ?, qualityTier = ?, derivedRevision = ? WHERE id = ?`,
    );
    sqlite.transaction(() => {
      for (let i = 1; i < verified; i++) {
        insertVerified(i);
        copyDerived.run(...Object.values(derived), key("v", i));
      }
    })();
    sqlite.close();
  }
  const samples = await db.groundingSample.findMany({ where: { projectId: project.id, sourceDataset: "fault" }, select: { id: true }, orderBy: { sourceId: "asc" } });
  console.log(JSON.stringify({ projectId: project.id, email, sampleIds: samples.map((s) => s.id) }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
