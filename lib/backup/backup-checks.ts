import "server-only";
// What a restore checks before it replaces anything: the backup's migrations are ones this
// code knows (a backup from a newer Verity is refused), and no job is running on the current
// database (a live lock means an app or worker is using it: stop them first).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createDb, providerOf, sqlitePath, type DbProvider } from "@/lib/db";
import { AppError } from "@/lib/errors";

const root = path.resolve(__dirname, "../..");

/** The migrations this code applies for a provider, oldest first. */
export function knownMigrations(provider: DbProvider): string[] {
  const dir = path.join(root, "prisma", provider, "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Throws when the backup has a migration this code does not; returns those it lacks. */
export function compareMigrations(provider: DbProvider, inBackup: string[], file: string): string[] {
  const known = knownMigrations(provider);
  const unknown = inBackup.filter((m) => !known.includes(m));
  if (unknown.length > 0) {
    throw new AppError("invalid_input", `${file} comes from a newer Verity (migrations ${unknown.join(", ")} are unknown here): upgrade Verity first, then restore.`);
  }
  return known.filter((m) => !inBackup.includes(m));
}

/** Refuses while an app or worker holds a job lock on the database being replaced. */
export async function assertNoRunningJobs(databaseUrl: string): Promise<void> {
  if (providerOf(databaseUrl) === "sqlite" && !existsSync(sqlitePath(databaseUrl))) return;
  const db = createDb(databaseUrl);
  try {
    const running = await db.job.findFirst({ where: { status: "running", lockedUntil: { gt: new Date() } }, select: { id: true, kind: true, lockedBy: true } });
    if (running) {
      throw new AppError("conflict", `job ${running.id} (${running.kind}) is running in worker ${running.lockedBy}: stop the app and every worker before a restore.`);
    }
  } catch (error) {
    // An empty or foreign database has no Job table: nothing can be running on it.
    if (error instanceof AppError) throw error;
  } finally {
    await db.$disconnect();
  }
}
