import "server-only";
// A connection's concurrency limit, held across every worker and app replica: the connection
// has maxConcurrent slot rows (ModelConnectionSlot), and a sender leases slots by a conditional
// update (free, or its lease expired -> mine until now + LEASE_MS), as job claims are taken. A
// run leases as many as it can use, renews them while it sends, and gives them back when it
// ends or has less to send; a crashed worker's slots come free when their lease runs out.
// Inside the process the leased slots are a semaphore: one request per slot at a time.
// Slots above a lowered maxConcurrent are never leased again; one already held finishes its
// request and is given back at the next renewal.
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/unique-violation";

export const LEASE_MS = 30_000;

async function ensureSlots(db: Db, connectionId: string, count: number): Promise<void> {
  const existing = await db.modelConnectionSlot.count({ where: { connectionId, slot: { lt: count } } });
  if (existing >= count) return;
  const have = new Set((await db.modelConnectionSlot.findMany({ where: { connectionId }, select: { slot: true } })).map((s) => s.slot));
  for (let slot = 0; slot < count; slot++) {
    if (have.has(slot)) continue;
    try {
      await db.modelConnectionSlot.create({ data: { connectionId, slot } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another worker made it first
    }
  }
}

export class SlotLease {
  private held = new Set<number>();
  private busy = new Set<number>();
  private waiters: ((slot: number) => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly connectionId: string,
    private readonly holder: string,
    private limit: number,
  ) {}

  /** Slots this lease holds now. */
  get size(): number {
    return this.held.size;
  }

  /** Leases free slots until `wanted` are held (never above the connection's limit); returns how many are held. */
  async grow(wanted: number): Promise<number> {
    const target = Math.min(wanted, this.limit);
    if (this.held.size >= target) return this.held.size;
    await ensureSlots(this.db, this.connectionId, this.limit);
    const now = new Date();
    const free = await this.db.modelConnectionSlot.findMany({
      where: { connectionId: this.connectionId, slot: { lt: this.limit }, OR: [{ holder: null }, { heldUntil: { lt: now } }] },
      select: { slot: true },
      orderBy: { slot: "asc" },
    });
    for (const { slot } of free) {
      if (this.held.size >= target) break;
      const { count } = await this.db.modelConnectionSlot.updateMany({
        where: { connectionId: this.connectionId, slot, OR: [{ holder: null }, { heldUntil: { lt: now } }] },
        data: { holder: this.holder, heldUntil: new Date(Date.now() + LEASE_MS) },
      });
      if (count === 1) {
        this.held.add(slot);
        this.handOut();
      }
    }
    return this.held.size;
  }

  /**
   * Renews the held slots (those taken over after an expiry are dropped) and gives back idle
   * ones above `keep`; `limit` is the connection's current maxConcurrent.
   */
  async renew(keep: number, limit = this.limit): Promise<void> {
    this.limit = limit;
    const extra = [...this.held].filter((slot) => !this.busy.has(slot) && (slot >= limit || this.held.size > keep));
    for (const slot of extra) {
      if (this.held.size <= keep && slot < limit) break;
      this.held.delete(slot);
      await this.db.modelConnectionSlot.updateMany({ where: { connectionId: this.connectionId, slot, holder: this.holder }, data: { holder: null, heldUntil: null } });
    }
    if (this.held.size === 0) return;
    await this.db.modelConnectionSlot.updateMany({
      where: { connectionId: this.connectionId, slot: { in: [...this.held] }, holder: this.holder },
      data: { heldUntil: new Date(Date.now() + LEASE_MS) },
    });
    const still = await this.db.modelConnectionSlot.findMany({ where: { connectionId: this.connectionId, holder: this.holder }, select: { slot: true } });
    const mine = new Set(still.map((s) => s.slot));
    for (const slot of [...this.held]) if (!mine.has(slot)) this.held.delete(slot);
  }

  /** Waits for one of the held slots to be free; returns it, or null when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<number | null> {
    const slot = this.freeSlot();
    if (slot !== undefined) {
      this.busy.add(slot);
      return Promise.resolve(slot);
    }
    if (signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = (given: number) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(given);
      };
      const onAbort = () => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(null);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(slot: number): void {
    this.busy.delete(slot);
    this.handOut();
  }

  /** Gives every slot back. */
  async close(): Promise<void> {
    this.held.clear();
    await this.db.modelConnectionSlot.updateMany({ where: { connectionId: this.connectionId, holder: this.holder }, data: { holder: null, heldUntil: null } });
  }

  private freeSlot(): number | undefined {
    for (const slot of this.held) if (!this.busy.has(slot) && slot < this.limit) return slot;
    return undefined;
  }

  private handOut(): void {
    for (;;) {
      if (this.waiters.length === 0) return;
      const slot = this.freeSlot();
      if (slot === undefined) return;
      this.busy.add(slot);
      this.waiters.shift()!(slot);
    }
  }
}
