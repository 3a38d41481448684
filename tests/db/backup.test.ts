// Backups restore (SPEC §9): on both providers, a backup taken while the database is open,
// then changes, then a restore brings back exactly the backed-up rows. Bad files and a live
// job lock are refused before anything is replaced.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase } from "@/lib/cli/backup-command";
import { restoreDatabase } from "@/lib/cli/restore-command";
import { createDb, sqlitePath, type Db } from "@/lib/db";
import { freshDatabase, PROVIDERS } from "./databases";

const dir = mkdtempSync(path.join(os.tmpdir(), "verity-backup-test-"));
const reopened: Db[] = [];
afterAll(async () => {
  await Promise.all(reopened.map((db) => db.$disconnect()));
  rmSync(dir, { recursive: true, force: true });
});

const projects = (db: Db) => db.project.findMany({ select: { slug: true, name: true }, orderBy: { slug: "asc" } });

describe.each(PROVIDERS)("backup and restore on %s", (provider) => {
  it("restores the rows of the backup after they were changed, deleted and added to", async () => {
    const { db, url } = await freshDatabase(provider);
    await db.project.create({ data: { slug: "alpha", name: "Alpha", settings: {} } });
    await db.project.create({ data: { slug: "beta", name: "Beta", settings: { tiers: { gold: 7 } } } });
    await db.user.create({ data: { email: "a@verity.local", name: "A", passwordHash: "x" } });
    const file = path.join(dir, `${provider}-1.backup`);
    // Taken with the app's client connected: an online backup.
    await backupDatabase(url, file);
    expect(existsSync(file)).toBe(true);

    await db.project.update({ where: { slug: "alpha" }, data: { name: "Renamed" } });
    await db.project.delete({ where: { slug: "beta" } });
    await db.project.create({ data: { slug: "gamma", name: "Gamma", settings: {} } });
    await db.user.deleteMany();
    await db.$disconnect();

    const outcome = await restoreDatabase(url, file);
    expect(outcome.migrated).toEqual([]);
    const restored = createDb(url);
    reopened.push(restored);
    expect(await projects(restored)).toEqual([
      { slug: "alpha", name: "Alpha" },
      { slug: "beta", name: "Beta" },
    ]);
    expect((await restored.project.findUniqueOrThrow({ where: { slug: "beta" } })).settings).toEqual({ tiers: { gold: 7 } });
    expect(await restored.user.count()).toBe(1);
    if (provider === "sqlite") expect(existsSync(outcome.previous!)).toBe(true);
  });

  it("never overwrites an existing backup file", async () => {
    const { url } = await freshDatabase(provider);
    const file = path.join(dir, `${provider}-exists.backup`);
    writeFileSync(file, "keep me");
    await expect(backupDatabase(url, file)).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses a file that is not a Verity backup, leaving the database untouched", async () => {
    const { db, url } = await freshDatabase(provider);
    await db.project.create({ data: { slug: "kept", name: "Kept", settings: {} } });
    const junk = path.join(dir, `${provider}-junk.backup`);
    writeFileSync(junk, "not a database");
    await expect(restoreDatabase(url, junk)).rejects.toMatchObject({ code: "invalid_input", message: expect.stringMatching(/is not a/) });
    await expect(restoreDatabase(url, path.join(dir, "missing.backup"))).rejects.toMatchObject({ code: "not_found" });
    expect(await projects(db)).toEqual([{ slug: "kept", name: "Kept" }]);
  });

  it("refuses a backup from a newer Verity (a migration this code does not know)", async () => {
    const { db, url } = await freshDatabase(provider);
    await db.$executeRawUnsafe(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, started_at, applied_steps_count) VALUES ('future', 'x', '29990101000000_from_the_future', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)`,
    );
    const file = path.join(dir, `${provider}-future.backup`);
    await backupDatabase(url, file);
    await expect(restoreDatabase(url, file)).rejects.toThrow(/comes from a newer Verity \(migrations 29990101000000_from_the_future are unknown here\)/);
  });

  it("refuses to restore while a job holds a live lock (the app or a worker is running)", async () => {
    const { db, url } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "busy", name: "Busy", settings: {} } });
    const file = path.join(dir, `${provider}-busy.backup`);
    await backupDatabase(url, file);
    await db.job.create({ data: { projectId: project.id, kind: "import", params: {}, status: "running", lockedBy: "worker-1", lockedUntil: new Date(Date.now() + 60_000) } });
    await expect(restoreDatabase(url, file)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/stop the app and every worker/) });
    expect(await db.job.count()).toBe(1);
    if (provider === "sqlite") expect(existsSync(sqlitePath(url))).toBe(true);
  });
});
