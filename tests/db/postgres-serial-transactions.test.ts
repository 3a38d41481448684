// A Prisma interactive transaction never has two statements in flight on its connection
// (lib/db/postgres-serial-transactions.ts): node-postgres warns that from pg 9 it refuses a
// query sent while another runs, and Prisma sends several at once for one query that includes
// several relations (a Promise.all of the caller's own queries it already sends in turn). Watched from outside: every
// node-postgres query is counted while it runs, per connection. The answers stay right, and
// a transaction whose statement fails while others wait rolls back whole. On SQLite the driver
// is synchronous (one statement at a time by construction) and sends nothing through pg.
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
let inFlight = new Map<pg.Client, number>();
let most = 0;

beforeEach(() => {
  inFlight = new Map();
  most = 0;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args) {
    const running = (inFlight.get(this) ?? 0) + 1;
    inFlight.set(this, running);
    most = Math.max(most, running);
    const done = () => void inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
});
afterEach(() => {
  (pg.Client.prototype as unknown as { query: Query }).query = original;
});

describe.each(PROVIDERS)("statements of one transaction (%s)", (provider) => {
  it("a three-relation include and a Promise.all of reads run one at a time, with the right answers", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "serial", name: "Serial", settings: {} } });
    for (const name of ["ann", "bob", "cy"]) {
      const user = await db.user.create({ data: { email: `${name}@serial.test`, name } });
      await db.membership.create({ data: { projectId: project.id, userId: user.id, role: "annotator" } });
    }
    await db.media.create({ data: { projectId: project.id, sha256: "a".repeat(64), mime: "image/png", width: 10, height: 10, byteSize: 1, storageKey: "aa/aa/a.png" } });

    const [loaded, counts] = await db.$transaction(async (tx) => {
      const withRelations = await tx.project.findUniqueOrThrow({ where: { id: project.id }, include: { memberships: true, media: true, queues: true } });
      const both = await Promise.all([tx.membership.count({ where: { projectId: project.id } }), tx.media.count({ where: { projectId: project.id } }), tx.user.count()]);
      return [withRelations, both] as const;
    });

    expect(loaded.memberships).toHaveLength(3);
    expect(loaded.media).toHaveLength(1);
    expect(loaded.queues).toHaveLength(0);
    expect(counts).toEqual([3, 1, 3]);
    expect(most, "statements in flight at once on one connection").toBe(provider === "postgres" ? 1 : 0);
  });

  it("a statement that fails while others wait rolls the whole transaction back", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "serial", name: "Serial", settings: {} } });
    const failed = db.$transaction(async (tx) => {
      await tx.user.create({ data: { email: "kept@serial.test", name: "kept" } });
      await Promise.all([
        tx.project.findUnique({ where: { id: project.id }, include: { memberships: true, media: true, queues: true } }),
        tx.user.create({ data: { email: "twice@serial.test", name: "one" } }),
        tx.user.create({ data: { email: "twice@serial.test", name: "two" } }),
      ]);
    });
    await expect(failed).rejects.toThrow(/unique/i);
    expect(await db.user.count({ where: { email: { endsWith: "@serial.test" } } })).toBe(0);
    expect(most, "statements in flight at once on one connection").toBe(provider === "postgres" ? 1 : 0);
  });
});
