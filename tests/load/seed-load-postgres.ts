// The load test's data on PostgreSQL: the same project, annotators and queue as seed-load.ts,
// plus one admin (who imports through one replica and exports through the other), written
// by the server itself from generate_series: a million rows through a client would take
// longer than the test, into a migrated database (bench/pg-bench-server.ts freshDatabase); the
// bare reference gets its own copy of it (copyDatabase there).
import pg from "pg";
import { hashPassword } from "@/lib/auth/password";
import { DERIVATION_CODE_VERSION } from "@/lib/derived/derivation-version";
import type { LoadSeed } from "./seed-load";

export type PostgresLoadSeed = LoadSeed & { adminEmail: string; adminId: string };

export async function seedLoadPostgres(url: string, annotators: number, items: number, password: string): Promise<PostgresLoadSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const projectId = "loadproject0001";
    const queueId = "loadqueue00001";
    const overlap = 2;
    const adminId = "loadadmin00000";
    const adminEmail = "admin@load.test";
    const hash = await hashPassword(password);
    await client.query("BEGIN");
    // Derived as an import leaves it (seed-load.ts says why).
    await client.query(`INSERT INTO "Project" (id, slug, name, settings, "updatedAt", "derivationCode") VALUES ($1, 'load', 'Load test', '{}', now(), $2)`, [projectId, DERIVATION_CODE_VERSION]);
    await client.query(`INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES ($1, $2, 'Load admin', $3, now())`, [adminId, adminEmail, hash]);
    await client.query(`INSERT INTO "Membership" (id, "projectId", "userId", role) VALUES ('loadmemberadmin', $1, $2, 'admin')`, [projectId, adminId]);
    await client.query(`INSERT INTO "Queue" (id, "projectId", name, "itemType", filter, overlap, "leaseSeconds", status, "createdById") VALUES ($1, $2, 'Load', 'sample', '{}', $3, 900, 'active', $4)`, [queueId, projectId, overlap, adminId]);
    await client.query(
      `WITH n AS (SELECT i, 'loaduser' || lpad(i::text, 6, '0') AS id FROM generate_series(0, $4::int - 1) i),
       users AS (INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") SELECT id, 'annotator-' || i || '@load.test', 'Annotator ' || i, $3, now() FROM n),
       members AS (INSERT INTO "Membership" (id, "projectId", "userId", role) SELECT 'loadmember' || lpad(i::text, 6, '0'), $1, id, 'annotator' FROM n)
       INSERT INTO "QueueMember" ("queueId", "userId") SELECT $2, id FROM n`,
      [projectId, queueId, hash, annotators],
    );
    await client.query(
      `INSERT INTO "GroundingSample" (id, "projectId", "imageMissing", "imageWidth", "imageHeight", instruction, "sourceDataset", "sourceId", "contentHash", "boxX1", "boxY1", "boxX2", "boxY2", "createdAt", "updatedAt", "derivedRevision")
       SELECT 's' || lpad(i::text, 9, '0') || 'load', $1, true, 1000, 1000, 'Tap item ' || i, 'load', 'l' || i, 'l' || i, 10, 10, 60, 60, now(), now(), 1 FROM generate_series(0, $2::int - 1) i`,
      [projectId, items],
    );
    await client.query(`INSERT INTO "QueueItem" (id, "queueId", "sampleId") SELECT 'q' || lpad(i::text, 9, '0') || 'load', $1, 's' || lpad(i::text, 9, '0') || 'load' FROM generate_series(0, $2::int - 1) i`, [queueId, items]);
    await client.query("COMMIT");
    await client.query("ANALYZE");
    const emails = Array.from({ length: annotators }, (_, i) => `annotator-${i}@load.test`);
    const userIds = Array.from({ length: annotators }, (_, i) => `loaduser${String(i).padStart(6, "0")}`);
    return { projectId, queueId, emails, userIds, items, overlap, adminEmail, adminId };
  } finally {
    await client.end();
  }
}
