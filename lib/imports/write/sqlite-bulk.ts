import "server-only";
// The SQLite fast path for bulk sample writes: better-sqlite3 prepared statements in one
// transaction per batch, on a connection of its own to the same file. Prisma costs about half
// a millisecond per row (STACK.md), which would cap an import far below the raw insert rate;
// the rows written here are the same ones Prisma would write (ids, ISO dates, JSON text).
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import type { Prisma } from "@/lib/generated/sqlite/client";

type Statements = {
  connection: Database.Database;
  insert: Database.Statement;
  select: Database.Statement;
};

const open = new Map<string, Statements>();

const COLUMNS = [
  "id", "projectId", "mediaId", "imageRef", "imageMissing", "imageWidth", "imageHeight", "instruction", "language", "platform", "app",
  "uiType", "sourceDataset", "sourceId", "contentHash", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "polygon", "extra",
  "status", "createdAt", "updatedAt",
] as const;

function statements(file: string): Statements {
  let cached = open.get(file);
  if (!cached) {
    const connection = new Database(file, { timeout: 10_000 });
    connection.pragma("journal_mode = WAL");
    // In WAL mode NORMAL never corrupts the database; a power cut can lose the last batches,
    // which a re-run of the import writes again (every write is keyed).
    connection.pragma("synchronous = NORMAL");
    cached = {
      connection,
      insert: connection.prepare(
        `INSERT INTO GroundingSample (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map((c) => `@${c}`).join(", ")})
         ON CONFLICT (projectId, sourceDataset, sourceId) DO NOTHING`.replace(/@\w+/g, "?"),
      ),
      select: connection.prepare(`SELECT id, contentHash, imageMissing FROM GroundingSample WHERE projectId = ? AND sourceDataset = ? AND sourceId = ?`),
    };
    open.set(file, cached);
  }
  return cached;
}

// Prisma's cuid() is not exported; these ids have its alphabet and length class: a time
// part, a per-process random part and a counter, unique without a random draw per row.
const processPart = randomBytes(6).toString("hex");
let counter = 0;
export function newId(): string {
  counter = (counter + 1) % 1_679_616; // 36^4
  return `c${Date.now().toString(36)}${processPart}${counter.toString(36).padStart(4, "0")}`;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export type BulkOutcome = { key: string; id: string; created: boolean; contentHash: string | null; imageMissing: boolean };

/** Inserts the rows that are new; for the others returns what is stored, to compare. */
export function insertSamplesSqlite(file: string, rows: { key: string; data: Prisma.GroundingSampleCreateManyInput }[]): BulkOutcome[] {
  const { connection, insert, select } = statements(file);
  const now = new Date().toISOString().replace("Z", "+00:00");
  const run = connection.transaction(() =>
    rows.map(({ key, data }) => {
      const id = newId();
      // In the order of COLUMNS.
      const result = insert.run(
        id, data.projectId, data.mediaId ?? null, data.imageRef ?? null, data.imageMissing ? 1 : 0, data.imageWidth ?? null,
        data.imageHeight ?? null, data.instruction, data.language ?? null, data.platform ?? null, data.app ?? null, data.uiType ?? null,
        data.sourceDataset, data.sourceId, data.contentHash, data.targetAbsent ? 1 : 0, data.boxX1 ?? null, data.boxY1 ?? null,
        data.boxX2 ?? null, data.boxY2 ?? null, json(data.polygon), json(data.extra), "unreviewed", now, now,
      );
      if (result.changes === 1) return { key, id, created: true, contentHash: null, imageMissing: Boolean(data.imageMissing) };
      const existing = select.get(data.projectId, data.sourceDataset, data.sourceId) as { id: string; contentHash: string; imageMissing: number };
      return { key, id: existing.id, created: false, contentHash: existing.contentHash, imageMissing: existing.imageMissing === 1 };
    }),
  );
  return run();
}
