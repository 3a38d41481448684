// The import reads its parser ahead of the writes (lib/imports/read-ahead.ts): what comes out
// must be what the parser gave, in its order, with its error in its place, and a stopped
// import must close the parser.
import { describe, expect, it } from "vitest";
import { readAhead } from "@/lib/imports/read-ahead";

const turn = () => new Promise((resolve) => setImmediate(resolve));

function counted(n: number, failAt: number | null = null) {
  const state = { pulled: 0, closed: false };
  async function* source() {
    try {
      for (let i = 0; i < n; i++) {
        await Promise.resolve();
        if (i === failAt) throw new Error(`broken at ${i}`);
        state.pulled += 1;
        yield i;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, source: source() };
}

describe("readAhead", () => {
  it("gives every item in order", async () => {
    const { source } = counted(2500);
    const out: number[] = [];
    for await (const item of readAhead(source, 100)) out.push(item);
    expect(out).toEqual(Array.from({ length: 2500 }, (_, i) => i));
  });

  it("reads ahead while the consumer waits, never more than its limit", async () => {
    const { state, source } = counted(1000);
    const reader = readAhead(source, 50);
    expect((await reader.next()).value).toBe(0);
    for (let i = 0; i < 20; i++) await turn();
    // The consumer took one; the source was read on to fill the buffer, and stopped there.
    expect(state.pulled).toBeGreaterThan(40);
    expect(state.pulled).toBeLessThanOrEqual(52);
    await reader.return(undefined);
    expect(state.closed).toBe(true);
  });

  it("reads nothing ahead with a limit of 0 (SQLite imports)", async () => {
    const { state, source } = counted(100);
    const reader = readAhead(source, 0);
    expect((await reader.next()).value).toBe(0);
    for (let i = 0; i < 20; i++) await turn();
    expect(state.pulled).toBe(1);
    await reader.return(undefined);
    expect(state.closed).toBe(true);
  });

  it("gives the items before a failure, then the failure", async () => {
    const { source } = counted(100, 30);
    const out: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(source, 10)) out.push(item);
      })(),
    ).rejects.toThrow("broken at 30");
    expect(out).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it("closes the source when the consumer stops early", async () => {
    const { state, source } = counted(1000);
    for await (const item of readAhead(source, 20)) if (item === 5) break;
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThan(1000);
  });
});
