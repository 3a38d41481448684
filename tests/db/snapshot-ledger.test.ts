// The ledger of a snapshot's rows (lib/exports/ledger/snapshot-rows.ts) writes a flush's
// worth of rows while the next ones are made, on SQLite and PostgreSQL: after flush() every
// row added is stored; a write that fails fails the export at the next add or the flush,
// never as an unhandled rejection; and settle() lets a failed snapshot's rows be dropped
// with no write landing after the drop.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, type ExportWorld } from "./export-support";
import { changedRows, countChanges, dropLedger, openLedger } from "@/lib/exports/ledger/snapshot-rows";

// A flush's worth and more: the ledger writes every 4,000 rows.
const ROWS = 9_500;

async function writingSnapshot(world: ExportWorld, id: string) {
  const pool = await makePool(world, { name: `ledger-${id}`, kind: "grounding", profile: "ms-swift" });
  await world.db.snapshot.create({ data: { id, poolId: pool.id, status: "writing", filters: {} } });
  return id;
}

const entry = (i: number) => ({ file: "grounding.jsonl", rowKey: `s${String(i).padStart(6, "0")}`, rowHash: `h${i}`, itemId: `s${i}` });

describe.each(PROVIDERS)("snapshot ledger (%s)", (provider) => {
  it("stores every row added once flush() returns, several writes' worth", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const id = await writingSnapshot(world, "snap-all");
    const ledger = openLedger(world.db, id);
    for (let i = 0; i < ROWS; i++) await ledger.add(entry(i));
    await ledger.flush();
    expect(await world.db.snapshotRow.count({ where: { snapshotId: id } })).toBe(ROWS);
    const last = await world.db.snapshotRow.findFirstOrThrow({ where: { snapshotId: id, rowKey: entry(ROWS - 1).rowKey } });
    expect(last).toMatchObject({ rowHash: `h${ROWS - 1}`, itemId: `s${ROWS - 1}` });
  });

  it("a write that fails fails the flush, and settle() then lets the snapshot's rows be dropped", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const id = await writingSnapshot(world, "snap-broken");
    const ledger = openLedger(world.db, id);
    // The same key twice in the first write's rows: its INSERT is refused by the primary key.
    for (let i = 0; i < 4_000; i++) await ledger.add(entry(i === 10 ? 5 : i));
    let failure: unknown = null;
    try {
      for (let i = 4_000; i < ROWS; i++) await ledger.add(entry(i));
      await ledger.flush();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    await ledger.settle();
    await dropLedger(world.db, id);
    expect(await world.db.snapshotRow.count({ where: { snapshotId: id } })).toBe(0);
  });

  it("settle() waits for a write still running before the rows are dropped", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const id = await writingSnapshot(world, "snap-settle");
    const ledger = openLedger(world.db, id);
    // The 4,000th row starts a write that is not waited for by add().
    for (let i = 0; i < 4_000; i++) await ledger.add(entry(i));
    await ledger.settle();
    expect(await world.db.snapshotRow.count({ where: { snapshotId: id } })).toBe(4_000);
    await dropLedger(world.db, id);
    expect(await world.db.snapshotRow.count({ where: { snapshotId: id } })).toBe(0);
  });
});

describe.each(PROVIDERS)("snapshot changes, page by page (%s)", (provider) => {
  it("walks added, updated and removed rows over many small pages in (file, key) order, across files", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const base = await writingSnapshot(world, "snap-base");
    const next = await writingSnapshot(world, "snap-next");
    const write = async (id: string, rows: { file: string; rowKey: string; rowHash: string }[]) => {
      const ledger = openLedger(world.db, id);
      for (const r of rows) await ledger.add({ ...r, itemId: r.rowKey });
      await ledger.flush();
    };
    const row = (file: string, key: string, hash = "same") => ({ file, rowKey: key, rowHash: hash });
    // Keys chosen so code-unit order matters ("a10" < "a9"), in three files.
    await write(base, [row("a.jsonl", "a1"), row("a.jsonl", "a10"), row("a.jsonl", "a9"), row("b.jsonl", "b1"), row("b.jsonl", "b2", "old"), row("c.jsonl", "gone")]);
    await write(next, [row("a.jsonl", "a1", "new"), row("a.jsonl", "a10"), row("a.jsonl", "a2"), row("a.jsonl", "a9", "new"), row("b.jsonl", "b2", "new"), row("b.jsonl", "b3"), row("c.jsonl", "c1")]);
    const walk = async (kind: "added" | "updated" | "removed", baseId: string | null) => {
      const seen: string[] = [];
      for await (const page of changedRows(world.db, kind, next, baseId, 2)) for (const r of page) seen.push(`${r.file}/${r.rowKey}`);
      return seen;
    };
    expect(await walk("added", null)).toEqual(["a.jsonl/a1", "a.jsonl/a10", "a.jsonl/a2", "a.jsonl/a9", "b.jsonl/b2", "b.jsonl/b3", "c.jsonl/c1"]);
    expect(await walk("added", base)).toEqual(["a.jsonl/a2", "b.jsonl/b3", "c.jsonl/c1"]);
    expect(await walk("updated", base)).toEqual(["a.jsonl/a1", "a.jsonl/a9", "b.jsonl/b2"]);
    expect(await walk("removed", base)).toEqual(["b.jsonl/b1", "c.jsonl/gone"]);
    expect(await countChanges(world.db, next, base)).toEqual({ added: 3, updated: 3, removed: 2 });
  });
});
