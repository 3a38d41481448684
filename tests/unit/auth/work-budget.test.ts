import { describe, expect, it } from "vitest";
import { BudgetExceeded, createWorkBudget } from "@/lib/auth/work-budget";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("a work budget", () => {
  it("runs at most `concurrency` jobs at once and queues the next ones in order", async () => {
    const budget = createWorkBudget({ concurrency: 1, maxWaiting: 2 });
    const order: string[] = [];
    const first = gate();
    const a = budget.run(async () => {
      order.push("a starts");
      await first.opened;
      order.push("a ends");
    });
    const b = budget.run(async () => void order.push("b runs"));
    const c = budget.run(async () => void order.push("c runs"));
    expect(budget.running).toBe(1);
    expect(budget.waiting).toBe(2);
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(["a starts", "a ends", "b runs", "c runs"]);
    expect(budget.running + budget.waiting).toBe(0);
  });

  it("refuses work at once when the queue is full, and frees the slot of work that failed", async () => {
    const budget = createWorkBudget({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const a = budget.run(() => first.opened.then(() => Promise.reject(new Error("boom"))));
    const b = budget.run(async () => "b");
    await expect(budget.run(async () => "c")).rejects.toBeInstanceOf(BudgetExceeded);
    first.open();
    await expect(a).rejects.toThrow("boom");
    await expect(b).resolves.toBe("b");
    await expect(budget.run(async () => "d")).resolves.toBe("d");
  });

  it("keeps reserved slots and a line of its own for known work: a flood of strangers never refuses it or runs ahead of it", async () => {
    const budget = createWorkBudget({ concurrency: 1, reserved: 1, maxWaiting: 2 });
    const order: string[] = [];
    const stranger = gate();
    const known = gate();
    // A stranger holds the shared slot and two more fill the strangers' line; the next is refused.
    const s1 = budget.run(() => stranger.opened.then(() => void order.push("s1")));
    const s2 = budget.run(async () => void order.push("s2"));
    const s3 = budget.run(async () => void order.push("s3"));
    await expect(budget.run(async () => "s4")).rejects.toBeInstanceOf(BudgetExceeded);
    // Known work still starts at once, in its reserved slot.
    const k1 = budget.run(() => known.opened.then(() => void order.push("k1")), "known");
    expect(budget.running).toBe(2);
    // Both slots busy: the next known waits in its own line, and takes the first slot that frees.
    const k2 = budget.run(async () => void order.push("k2"), "known");
    expect(budget.waiting).toBe(3);
    stranger.open();
    await s1;
    await k2;
    expect(order.slice(0, 2), "the known attempt ran before the strangers who waited longer").toEqual(["s1", "k2"]);
    known.open();
    await Promise.all([k1, s2, s3]);
    expect([...order].sort()).toEqual(["k1", "k2", "s1", "s2", "s3"]);
    expect(budget.running + budget.waiting).toBe(0);
  });

  it("never lets strangers use more than the shared slots, even while the reserved ones are idle", async () => {
    const budget = createWorkBudget({ concurrency: 1, reserved: 1, maxWaiting: 8 });
    const first = gate();
    const a = budget.run(() => first.opened);
    const b = budget.run(async () => "b");
    expect(budget.running).toBe(1);
    expect(budget.waiting).toBe(1);
    first.open();
    await Promise.all([a, b]);
  });

  it("gives one account one known place at a time: its next attempts wait as strangers', other accounts keep theirs", async () => {
    const budget = createWorkBudget({ concurrency: 1, reserved: 1, maxWaiting: 1 });
    const held = gate();
    const stranger = gate();
    // A stranger holds the shared slot and one waits: the strangers' line is full.
    const s1 = budget.run(() => stranger.opened);
    const s2 = budget.run(async () => "s2");
    // Whoever holds mallory's cookie: the first attempt takes the reserved slot...
    const m1 = budget.run(() => held.opened, "known", "mallory@x.test");
    // ...the next ones go to the strangers' line, which is full, so they are refused.
    await expect(budget.run(async () => "m2", "known", "mallory@x.test")).rejects.toBeInstanceOf(BudgetExceeded);
    // Alice's known attempt still has the known line to itself.
    const a1 = budget.run(async () => "alice", "known", "alice@x.test");
    expect(budget.waiting).toBe(2);
    held.open();
    await expect(a1).resolves.toBe("alice");
    stranger.open();
    await Promise.all([s1, s2, m1]);
    // Once mallory's attempt ended, her next is known again.
    const m3 = budget.run(async () => "m3", "known", "mallory@x.test");
    await expect(m3).resolves.toBe("m3");
    expect(budget.running + budget.waiting).toBe(0);
  });
});
