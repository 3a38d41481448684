// Case 10 of issue 14: a write that fails is retried and then split, so a batch that cannot
// be written costs only the records that fail on their own, never the import; and a slow
// database (every row taking its time, as on a loaded 2-core machine) does not outlive an
// interactive transaction's timeout, because transactions hold a bounded number of rows.
// Failures are made by the database itself (triggers), not by replacing our code.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importJob, importProject } from "./import-support";
import type { Db } from "@/lib/db";
import { tempDir } from "../support/import-fixtures";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
const sample = (i: number, instruction = `Press ${i}`) => ({ type: "sample", id: `b${i}`, dataset: "batches", image: null, image_size: [100, 100], instruction, box: [10, 10, 20, 20] });

async function poison(db: Db, provider: string) {
  if (provider === "sqlite") {
    await db.$executeRawUnsafe(`CREATE TRIGGER poison BEFORE INSERT ON "GroundingSample" WHEN NEW.instruction = 'poison' BEGIN SELECT RAISE(ABORT, 'poisoned row'); END`);
    return;
  }
  await db.$executeRawUnsafe(`CREATE FUNCTION poison() RETURNS trigger AS $$ BEGIN IF NEW.instruction = 'poison' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(`CREATE TRIGGER poison BEFORE INSERT ON "GroundingSample" FOR EACH ROW EXECUTE FUNCTION poison()`);
}

describe.each(PROVIDERS)("batches that fail or crawl (%s)", (provider) => {
  it("a record the database refuses is rejected with its reason after the retries, and the rest of its batch is written", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    await poison(db, provider);
    const dir = await tempDir();
    const lines = Array.from({ length: 40 }, (_, i) => sample(i, i === 17 ? "poison" : `Press ${i}`));
    writeFileSync(path.join(dir, "r.jsonl"), jsonl(lines));
    const { report, job } = await importJob(db, projectId, path.join(dir, "r.jsonl"));
    expect(job.status).toBe("succeeded");
    expect(report.rejected).toEqual([{ file: "r.jsonl", line: 18, reason: expect.stringMatching(/^could not be written after 4 attempts: .*poisoned row/) }]);
    expect(report.created.samples).toBe(39);
    expect(await db.groundingSample.count()).toBe(39);
  }, 60_000);

  it.runIf(provider === "postgres")("a write that fails twice and then succeeds loses nothing", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    // A sequence is not rolled back with the failed transaction: the third attempt passes.
    await db.$executeRawUnsafe(`CREATE SEQUENCE flaky`);
    await db.$executeRawUnsafe(`CREATE FUNCTION flaky() RETURNS trigger AS $$ BEGIN IF nextval('flaky') <= 2 THEN RAISE EXCEPTION 'connection reset (injected)'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER flaky BEFORE INSERT ON "GroundingSample" FOR EACH STATEMENT EXECUTE FUNCTION flaky()`);
    const dir = await tempDir();
    writeFileSync(path.join(dir, "r.jsonl"), jsonl(Array.from({ length: 30 }, (_, i) => sample(i))));
    const { report, job } = await importJob(db, projectId, path.join(dir, "r.jsonl"));
    expect(job.status).toBe("succeeded");
    expect(report).toMatchObject({ rejectedCount: 0, created: { samples: 30 } });
  }, 60_000);

  it.runIf(provider === "postgres")("600 samples on a database that takes 10 ms a row: written in transactions that never reach their timeout", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    // One 600-row transaction would take 6 s, past Prisma's default 5 s interactive timeout.
    await db.$executeRawUnsafe(`CREATE FUNCTION crawl() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.01); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER crawl BEFORE INSERT ON "GroundingSample" FOR EACH ROW EXECUTE FUNCTION crawl()`);
    const dir = await tempDir();
    writeFileSync(path.join(dir, "r.jsonl"), jsonl(Array.from({ length: 600 }, (_, i) => sample(i))));
    const { report, job } = await importJob(db, projectId, path.join(dir, "r.jsonl"));
    expect(job.status).toBe("succeeded");
    expect(report).toMatchObject({ rejectedCount: 0, created: { samples: 600 } });
  }, 120_000);
});
