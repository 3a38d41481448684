import "server-only";
// `npm run verity -- restore <file>`: replaces the database with a backup made by `backup`.
// Stop the app and every worker first (a restore refuses while a job lock is live). The file
// is checked before anything is replaced; a backup from an older Verity is migrated forward.
import { existsSync } from "node:fs";
import path from "node:path";
import { providerOf } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { applyMigrations } from "@/lib/db/migrate";
import { assertNoRunningJobs } from "@/lib/backup/backup-checks";
import { restorePostgres } from "@/lib/backup/postgres-backup";
import { restoreSqlite } from "@/lib/backup/sqlite-backup";

export type RestoreOutcome = { migrated: string[]; previous: string | null };

export async function restoreDatabase(databaseUrl: string, file: string): Promise<RestoreOutcome> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new AppError("not_found", `no backup file ${source}.`);
  await assertNoRunningJobs(databaseUrl);
  const outcome =
    providerOf(databaseUrl) === "postgres"
      ? { ...(await restorePostgres(databaseUrl, source)), previous: null }
      : await restoreSqlite(databaseUrl, source);
  if (outcome.missingMigrations.length > 0) applyMigrations(databaseUrl);
  return { migrated: outcome.missingMigrations, previous: outcome.previous };
}

export async function runRestoreCommand(file: string): Promise<void> {
  const e = env();
  const outcome = await restoreDatabase(e.databaseUrl, file);
  console.log(`Restored the ${e.databaseProvider} database from ${path.resolve(file)}.`);
  if (outcome.previous) console.log(`The database it replaced is kept as ${outcome.previous}.`);
  if (outcome.migrated.length) console.log(`Applied the migrations the backup predates: ${outcome.migrated.join(", ")}.`);
  console.log("Start the app and workers again; media are not in the backup (see `backup`).");
}
