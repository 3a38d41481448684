// The load test's data: N annotators (each with the same password), a project whose queue
// holds `items` grounding samples with overlap 2, written with raw statements because a
// million rows through the ORM would take longer than the test itself.
import Database from "better-sqlite3";
import { createDb } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { hashPassword } from "@/lib/auth/password";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";

export type LoadSeed = { projectId: string; queueId: string; emails: string[]; userIds: string[]; items: number; overlap: number };

export async function seedLoad(file: string, annotators: number, items: number, password: string): Promise<LoadSeed> {
  applyMigrations(`file:${file}`);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  const now = new Date().toISOString();
  const projectId = "loadproject0001";
  const queueId = "loadqueue00001";
  const overlap = 2;
  // Derived as an import leaves it (current code, every sample at the project's revision 1):
  // otherwise the server's start would queue a re-derivation of every sample, which would run
  // beside the annotators and be measured as their wait.
  sqlite.prepare(`INSERT INTO "Project" (id, slug, name, settings, updatedAt, derivationCode) VALUES (?, 'load', 'Load test', '{}', ?, ?)`).run(projectId, now, DERIVATION_CODE_VERSION);
  const hash = await hashPassword(password);
  const emails: string[] = [];
  const userIds: string[] = [];
  const user = sqlite.prepare(`INSERT INTO "User" (id, email, name, passwordHash, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  const member = sqlite.prepare(`INSERT INTO "Membership" (id, projectId, userId, role) VALUES (?, ?, ?, 'annotator')`);
  const queueMember = sqlite.prepare(`INSERT INTO "QueueMember" (queueId, userId) VALUES (?, ?)`);
  sqlite.prepare(`INSERT INTO "Queue" (id, projectId, name, itemType, filter, overlap, leaseSeconds, status, createdById) VALUES (?, ?, 'Load', 'sample', '{}', ?, 900, 'active', ?)`).run(queueId, projectId, overlap, "loaduser000000");
  for (let i = 0; i < annotators; i++) {
    const id = `loaduser${String(i).padStart(6, "0")}`;
    const email = `annotator-${i}@load.test`;
    user.run(id, email, `Annotator ${i}`, hash, now);
    member.run(`loadmember${String(i).padStart(6, "0")}`, projectId, id);
    queueMember.run(queueId, id);
    emails.push(email);
    userIds.push(id);
  }
  const sample = sqlite.prepare(
    `INSERT INTO "GroundingSample" (id, projectId, imageMissing, imageWidth, imageHeight, instruction, sourceDataset, sourceId, contentHash, boxX1, boxY1, boxX2, boxY2, createdAt, updatedAt, derivedRevision)
     VALUES (?, ?, 1, 1000, 1000, ?, 'load', ?, ?, 10, 10, 60, 60, ?, ?, 1)`,
  );
  const item = sqlite.prepare(`INSERT INTO "QueueItem" (id, queueId, sampleId) VALUES (?, ?, ?)`);
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `s${i.toString(36).padStart(9, "0")}load`;
      sample.run(id, projectId, `Tap item ${i}`, `l${i}`, `l${i}`, now, now);
      item.run(`q${i.toString(36).padStart(9, "0")}load`, queueId, id);
    }
  });
  for (let i = 0; i < items; i += 20_000) batch(i, Math.min(items, i + 20_000));
  sqlite.pragma("analysis_limit = 0");
  sqlite.exec("PRAGMA optimize = 0x10002");
  sqlite.close();
  // The app's own client opens the file once to check it is usable.
  const db = createDb(`file:${file}`);
  await db.queue.findUniqueOrThrow({ where: { id: queueId } });
  await db.$disconnect();
  return { projectId, queueId, emails, userIds, items, overlap };
}
