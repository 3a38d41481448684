import { describe, expect, it } from "vitest";
import { readAhead } from "@/lib/db/read-ahead";

// A keyset walk over 0..n-1 in pages of `limit`, recording which pages were asked for when.
function walk(n: number, limit: number, fail?: number) {
  const asked: (number | null)[] = [];
  const read = async (after: number | null) => {
    asked.push(after);
    const start = after === null ? 0 : after + 1;
    if (fail !== undefined && start >= fail) throw new Error(`page after ${after} failed`);
    return Array.from({ length: Math.max(0, Math.min(limit, n - start)) }, (_, i) => start + i);
  };
  return { asked, pages: readAhead(read, limit, (page) => page.at(-1)!) };
}

describe("readAhead", () => {
  it("yields every page in order, and asks for the next page before handing on the current one", async () => {
    const { asked, pages } = walk(7, 3);
    const seen: number[][] = [];
    for await (const page of pages) {
      seen.push(page);
      // While page k is with the caller, page k+1 has been asked for (unless k is the last).
      expect(asked.length).toBe(seen.length === 3 ? 3 : seen.length + 1);
    }
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([null, 2, 5]);
  });

  it("stops at a short page or an empty one without asking for more", async () => {
    const exact = walk(6, 3);
    const seen: number[][] = [];
    for await (const page of exact.pages) seen.push(page);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5]]);
    // A full last page makes one more read, which comes back empty.
    expect(exact.asked).toEqual([null, 2, 5]);
    const none = walk(0, 3);
    for await (const page of none.pages) throw new Error(`unexpected page ${page.join(",")}`);
    expect(none.asked).toEqual([null]);
  });

  it("reports a failed read to the walk that reaches it, and not at all to one left before", async () => {
    const reached = walk(9, 3, 3);
    const seen: number[][] = [];
    await expect(
      (async () => {
        for await (const page of reached.pages) seen.push(page);
      })(),
    ).rejects.toThrow("page after 2 failed");
    expect(seen).toEqual([[0, 1, 2]]);
    // Left after the first page while the second read fails: no unhandled rejection (vitest
    // fails the run on one), nothing thrown here.
    const left = walk(9, 3, 3);
    for await (const page of left.pages) {
      expect(page).toEqual([0, 1, 2]);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(left.asked).toEqual([null, 2]);
  });
});
