// When SQLite copies its write-ahead log back into the database file (a checkpoint). A commit
// that finds the log longer than this many pages runs one, waiting for the disk twice. At
// SQLite's default of 1,000 pages (4 MB) an import checkpointed after every batch of 1,000
// samples, rewriting the same index pages each time: that was a sixth of an import's time
// (bench/results.md, 2026-12-03). Every connection of the app gets the same bound, so no
// connection's commits (an annotator's save) end up running the checkpoints another
// connection (an import) put off. The log then grows to about 40 MB before one, which costs
// disk, not memory: readers find pages in it through its shared-memory index.
import type Database from "better-sqlite3";

export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

export function boundWriteAheadLog(connection: Database.Database): void {
  connection.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
}
