// serialized() (lib/db/postgres-serial-transactions.ts): each call starts only when the calls
// before it have settled, in the order made, and a failed call neither blocks the next nor
// hides its own error.
import { describe, expect, it } from "vitest";
import { serialized } from "@/lib/db/postgres-serial-transactions";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("serialized", () => {
  it("runs calls one at a time, in order, each result to its own caller", async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const run = serialized(async (name: string) => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name.toUpperCase();
    });
    expect(await Promise.all(["a", "b", "c"].map(run))).toEqual(["A", "B", "C"]);
    expect(most).toBe(1);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("a failing call rejects for its caller only, and the next one still runs", async () => {
    const run = serialized(async (n: number) => {
      await tick();
      if (n === 2) throw new Error("statement 2 refused");
      return n;
    });
    const results = await Promise.allSettled([1, 2, 3].map(run));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([1, "statement 2 refused", 3]);
  });
});
