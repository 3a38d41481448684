import "server-only";
// SQLite backups with SQLite's online backup API (better-sqlite3's db.backup): a consistent
// copy while the app keeps running, written under a temporary name and renamed when whole.
// The copy is switched to a rollback journal so it is one self-contained file. A restore
// checks the file (integrity, a Verity schema, known migrations), moves the current database
// (and its WAL) aside as <db>.before-restore-<time>, and renames a copy of the backup into place.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, rename, rm } from "node:fs/promises";
import Database from "better-sqlite3";
import { sqlitePath } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { compareMigrations } from "@/lib/backup/backup-checks";

export async function backupSqlite(databaseUrl: string, file: string): Promise<void> {
  const source = sqlitePath(databaseUrl);
  if (!existsSync(source)) throw new AppError("not_found", `Database file ${source} does not exist.`);
  const temp = `${file}.partial-${randomBytes(4).toString("hex")}`;
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(temp);
    const copy = new Database(temp);
    copy.pragma("journal_mode = DELETE");
    copy.close();
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    db.close();
  }
}

/** The applied migrations of a Verity SQLite file, after checking it is one and is intact. */
function checkSqliteBackup(file: string): string[] {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("schema_version");
  } catch {
    throw new AppError("invalid_input", `${file} is not a SQLite database.`);
  }
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new AppError("invalid_input", `${file} is damaged (integrity_check: ${String(integrity)}).`);
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    if (!tables.has("_prisma_migrations") || !tables.has("Project")) throw new AppError("invalid_input", `${file} is not a Verity database backup.`);
    const rows = db.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL").all() as { migration_name: string }[];
    return rows.map((r) => r.migration_name);
  } finally {
    db.close();
  }
}

/** Returns the migrations the restored database still needs (applied by the caller). */
export async function restoreSqlite(databaseUrl: string, file: string): Promise<{ missingMigrations: string[]; previous: string | null }> {
  const missingMigrations = compareMigrations("sqlite", checkSqliteBackup(file), file);
  const target = sqlitePath(databaseUrl);
  const temp = `${target}.restoring-${randomBytes(4).toString("hex")}`;
  await copyFile(file, temp);
  try {
    const restored = new Database(temp);
    restored.pragma("journal_mode = WAL");
    restored.close();
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    // The WAL and shared-memory files belong to the old database: they move with it, or
    // SQLite would replay the old WAL into the restored file.
    for (const suffix of ["-wal", "-shm"]) if (existsSync(target + suffix)) await rename(target + suffix, previous + suffix);
    await rename(target, previous);
  }
  await rename(temp, target);
  return { missingMigrations, previous };
}
