import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";

const dir = mkdtempSync(path.join(os.tmpdir(), "verity-dberr-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("database that is missing, corrupt or unreachable", () => {
  it("names the missing SQLite file and the command that creates it, without creating an empty one", () => {
    const file = path.join(dir, "nope.db");
    expect(() => createDb(`file:${file}`)).toThrow(`Database file ${file} does not exist: run \`npm run verity -- migrate\` first`);
  });

  it("fails the first query on a corrupt SQLite file instead of serving wrong data", async () => {
    const file = path.join(dir, "corrupt.db");
    writeFileSync(file, "this is not a database ".repeat(200));
    const db = createDb(`file:${file}`);
    await expect(db.user.count()).rejects.toThrow(/not a database|file is not a database|SQLITE_NOTADB/i);
    await db.$disconnect();
  });

  it("fails with a connection error when PostgreSQL does not answer", async () => {
    const db = createDb("postgresql://postgres@127.0.0.1:1/verity");
    await expect(db.user.count()).rejects.toThrow(/ECONNREFUSED|connect|reach/i);
    await db.$disconnect();
  });
});
