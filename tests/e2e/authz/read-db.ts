// Read-only access to the e2e database, to look up ids the way an operator would; the
// matrix never writes through it.
import Database from "better-sqlite3";
import path from "node:path";

let opened: Database.Database | undefined;

export function openDb(): Database.Database {
  opened ??= new Database(path.join(process.env.VERITY_DATA_DIR!, "verity.db"), { readonly: true, fileMustExist: true });
  return opened;
}
