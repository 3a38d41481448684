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
});
