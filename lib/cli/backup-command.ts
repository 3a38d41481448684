import "server-only";
// `npm run verity -- backup <file>`: a consistent copy of the database while the app runs
// (SQLite's online backup API, or pg_dump). Never overwrites a file. Media are not inside:
// they are content-addressed files that never change once written, so copying the media
// directory (or syncing the bucket) adds the new ones; the message says where they are.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { providerOf } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { backupPostgres } from "@/lib/backup/postgres-backup";
import { backupSqlite } from "@/lib/backup/sqlite-backup";

export async function backupDatabase(databaseUrl: string, file: string): Promise<void> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new AppError("conflict", `${target} exists: a backup never overwrites a file, choose a new name.`);
  if (!existsSync(path.dirname(target))) throw new AppError("not_found", `the directory ${path.dirname(target)} does not exist.`);
  if (providerOf(databaseUrl) === "postgres") await backupPostgres(databaseUrl, target);
  else await backupSqlite(databaseUrl, target);
}

export async function runBackupCommand(file: string): Promise<void> {
  const e = env();
  await backupDatabase(e.databaseUrl, file);
  const target = path.resolve(file);
  const megabytes = (statSync(target).size / 1048576).toFixed(1);
  console.log(`Backed up the ${e.databaseProvider} database to ${target} (${megabytes} MB).`);
  const media = e.mediaS3 ? `s3://${[e.mediaS3.bucket, e.mediaS3.prefix].filter(Boolean).join("/")}` : e.mediaDir;
  console.log(`Media are not in this file: copy ${media} too (files never change once written, so a sync adds only new ones).`);
}
