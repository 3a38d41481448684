import "server-only";
// Which source ids an import has already met, and where: the second record with the same
// (dataset, id) is reported with both locations instead of silently replacing the first.
// Kept in a scratch SQLite file of its own (better-sqlite3, one per import attempt), not in
// memory, so a file of ten million records costs disk pages, not heap. Not in the project's
// database either: a re-import must find its earlier rows "unchanged", not "duplicates", and
// only this attempt's records count. Removed when the import ends.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { SourceLocation } from "@/lib/imports/records";

export type SeenKeys = {
  /** Records `key` at `location`; returns where it was first seen when it was seen before. */
  claim(key: string, location: SourceLocation): SourceLocation | null;
  close(): void;
};

export function createSeenKeys(): SeenKeys {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-seen-"));
  const connection = new Database(path.join(dir, "seen.db"));
  // A scratch file that dies with the import: no journal, no fsync, a small page cache.
  connection.pragma("journal_mode = OFF");
  connection.pragma("synchronous = OFF");
  connection.pragma("cache_size = -8000");
  connection.exec("CREATE TABLE seen (key TEXT PRIMARY KEY, file TEXT NOT NULL, line INTEGER) WITHOUT ROWID");
  // One transaction for the file's whole life: a commit per claim would cost more than the
  // import's own writes. Nothing else opens the file, and it is thrown away, never committed;
  // SQLite spills the pages it cannot cache to the file, so memory stays at the cache size.
  connection.exec("BEGIN");
  const insert = connection.prepare("INSERT OR IGNORE INTO seen (key, file, line) VALUES (?, ?, ?)");
  const select = connection.prepare("SELECT file, line FROM seen WHERE key = ?");
  return {
    claim(key, location) {
      if (insert.run(key, location.file, location.line).changes === 1) return null;
      const first = select.get(key) as { file: string; line: number | null };
      return { file: first.file, line: first.line };
    },
    close() {
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function describeLocation(location: SourceLocation): string {
  return `${location.file}${location.line ? `:${location.line}` : ""}`;
}
