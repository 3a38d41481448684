import "server-only";
// PostgreSQL backups with pg_dump's custom format (-Fc: compressed, restorable object by
// object) and pg_restore --clean --if-exists in one transaction, so a restore that fails
// leaves the database as it was. Before restoring, the dump's own _prisma_migrations rows are
// read (pg_restore can print one table's data) to refuse a backup from a newer Verity, and a
// database that has migrations the backup lacks is refused too: --clean only drops what the
// dump contains, so tables of the newer migrations would survive and block re-migrating.
import { randomBytes } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import { createDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { compareMigrations } from "@/lib/backup/backup-checks";
import { runPgTool } from "@/lib/backup/pg-tools";

export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const temp = `${file}.partial-${randomBytes(4).toString("hex")}`;
  try {
    await runPgTool("pg_dump", ["--format=custom", `--file=${temp}`], databaseUrl);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The finished migrations recorded in a dump, read from its COPY block of _prisma_migrations. */
async function migrationsInDump(file: string): Promise<string[]> {
  let listing: string;
  try {
    listing = await runPgTool("pg_restore", ["--list", file], null);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("invalid_input", `${file} is not a pg_dump custom-format backup.`);
  }
  if (!/ TABLE public _prisma_migrations /.test(listing) || !/ TABLE public Project /.test(listing)) {
    throw new AppError("invalid_input", `${file} is not a Verity database backup.`);
  }
  const script = await runPgTool("pg_restore", ["--data-only", "--table=_prisma_migrations", "--file=-", file], null);
  const lines = script.split("\n");
  const start = lines.findIndex((l) => l.startsWith("COPY public._prisma_migrations ("));
  if (start === -1) return [];
  const columns = lines[start]!.slice(lines[start]!.indexOf("(") + 1, lines[start]!.indexOf(")")).split(", ");
  const [name, finished, rolledBack] = ["migration_name", "finished_at", "rolled_back_at"].map((c) => columns.indexOf(c));
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "\\.") break;
    const fields = line.split("\t");
    if (fields[finished!] !== "\\N" && fields[rolledBack!] === "\\N") names.push(fields[name!]!);
  }
  return names;
}

async function migrationsInDatabase(databaseUrl: string): Promise<string[]> {
  const db = createDb(databaseUrl);
  try {
    const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    return rows.map((r) => r.migration_name);
  } catch {
    return []; // an empty database (disaster recovery into a new one)
  } finally {
    await db.$disconnect();
  }
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<{ missingMigrations: string[] }> {
  const inBackup = await migrationsInDump(file);
  const missingMigrations = compareMigrations("postgres", inBackup, file);
  const newer = (await migrationsInDatabase(databaseUrl)).filter((m) => !inBackup.includes(m));
  if (newer.length > 0) {
    throw new AppError(
      "conflict",
      `the database has migrations the backup lacks (${newer.join(", ")}): restore into an empty database (createdb) and point DATABASE_URL at it.`,
    );
  }
  await runPgTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", file], databaseUrl);
  return { missingMigrations };
}
