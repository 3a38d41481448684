import { describe, expect, it } from "vitest";
import type { FileSource } from "@/lib/imports/sources/file-source";
import { createImageResolver } from "@/lib/imports/sources/image-resolver";

/** A source that only lists: the resolver never reads bytes. */
function listing(paths: string[]): FileSource & { listCalls: number } {
  const source = {
    kind: "directory" as const,
    listCalls: 0,
    async *list() {
      source.listCalls += 1;
      for (const path of paths) yield { path, size: 1 };
    },
    read: async () => Buffer.alloc(0),
    has: async (path: string) => paths.includes(path),
    close: async () => {},
  };
  return source;
}

describe("createImageResolver", () => {
  it("finds an exact path, normalising ./, duplicate slashes and backslashes", async () => {
    const resolver = createImageResolver(listing(["img/a.png", "other/img/a.png"]));

    expect(await resolver.resolve("img/a.png")).toEqual({ path: "img/a.png", matchedBy: "exact" });
    expect(await resolver.resolve("./img//a.png")).toEqual({ path: "img/a.png", matchedBy: "exact" });
    expect(await resolver.resolve("img\\a.png")).toEqual({ path: "img/a.png", matchedBy: "exact" });
  });

  it("finds AndroidLab-style paths from another machine by their longest matching tail", async () => {
    const resolver = createImageResolver(
      listing([
        "evaluation/run-1/task-7/Screen/screenshot-0.png",
        "evaluation/run-1/task-8/Screen/screenshot-0.png",
        "evaluation/run-2/task-7/Screen/screenshot-0.png",
      ]),
    );

    expect(await resolver.resolve("./logs/evaluation/run-1/task-7/Screen/screenshot-0.png")).toEqual({
      path: "evaluation/run-1/task-7/Screen/screenshot-0.png",
      matchedBy: "suffix",
    });
    expect(await resolver.resolve("C:\\Users\\me\\AndroidLab\\run-2\\task-7\\Screen\\screenshot-0.png")).toEqual({
      path: "evaluation/run-2/task-7/Screen/screenshot-0.png",
      matchedBy: "suffix",
    });
    expect(await resolver.resolve("/home/me/logs/task-8/Screen/screenshot-0.png")).toEqual({
      path: "evaluation/run-1/task-8/Screen/screenshot-0.png",
      matchedBy: "suffix",
    });
  });

  it("falls back to a unique basename and reports an ambiguous one instead of guessing", async () => {
    const resolver = createImageResolver(listing(["trace-1/1.png", "trace-2/1.png", "shots/unique.png"]));

    expect(await resolver.resolve("examples/trace/unique.png")).toEqual({
      path: "shots/unique.png",
      matchedBy: "basename",
    });
    expect(await resolver.resolve("examples/trace/1.png")).toEqual({
      missing: 'ambiguous: 2 files are named "1.png" (trace-1/1.png, trace-2/1.png)',
    });
    expect(await resolver.resolve("other/trace-1/1.png")).toEqual({ path: "trace-1/1.png", matchedBy: "suffix" });
  });

  it("reports a tie on a longer tail as ambiguous", async () => {
    const resolver = createImageResolver(listing(["a/Screen/s.png", "b/Screen/s.png"]));
    expect(await resolver.resolve("run/Screen/s.png")).toEqual({
      missing: 'ambiguous: 2 files end with "Screen/s.png" (a/Screen/s.png, b/Screen/s.png)',
    });
  });

  it("says why a reference names nothing", async () => {
    const resolver = createImageResolver(listing(["a.png"]));

    expect(await resolver.resolve("b.png")).toEqual({ missing: 'no file named "b.png" in the import' });
    expect(await resolver.resolve("  ")).toEqual({ missing: "empty reference" });
    expect(await resolver.resolve("https://example.com/a.png")).toEqual({
      missing: "a URL, not a file in the import (URLs are not fetched)",
    });
    expect(await resolver.resolve("img/")).toEqual({ missing: "names a folder, not a file" });
  });

  it("tries a relative reference from the referencing file's folder first", async () => {
    const resolver = createImageResolver(listing(["img/a.png", "sub/img/a.png", "shared/b.png"]));

    expect(await resolver.resolve("img/a.png")).toEqual({ path: "img/a.png", matchedBy: "exact" });
    expect(await resolver.resolve("img/a.png", { baseDir: "sub" })).toEqual({ path: "sub/img/a.png", matchedBy: "exact" });
    expect(await resolver.resolve("../shared/b.png", { baseDir: "sub" })).toEqual({
      path: "shared/b.png",
      matchedBy: "exact",
    });
  });

  it("lists the source once, and stays exact among thousands of files sharing a basename", async () => {
    const paths = Array.from({ length: 5000 }, (_, i) => `traces/t${i}/1.png`);
    paths.push("traces/1.png", ...Array.from({ length: 40 }, (_, i) => `runs/r${i}/Screen/1.png`));
    const source = listing(paths);
    const resolver = createImageResolver(source);

    expect(await resolver.resolve("traces/t4321/1.png")).toEqual({ path: "traces/t4321/1.png", matchedBy: "exact" });
    expect(await resolver.resolve("/data/t17/1.png")).toEqual({ path: "traces/t17/1.png", matchedBy: "suffix" });
    expect(await resolver.resolve("traces/1.png")).toEqual({ path: "traces/1.png", matchedBy: "exact" });
    expect(await resolver.resolve("elsewhere/traces/1.png")).toEqual({ path: "traces/1.png", matchedBy: "suffix" });
    expect(await resolver.resolve("runs/r7/Screen/1.png")).toEqual({ path: "runs/r7/Screen/1.png", matchedBy: "exact" });
    expect(await resolver.resolve("x/1.png")).toEqual({
      missing: 'ambiguous: 5041 files are named "1.png" (traces/t0/1.png, traces/t1/1.png, traces/t2/1.png, ...)',
    });
    expect(await resolver.resolve("other/Screen/1.png")).toEqual({
      missing: 'ambiguous: 40 files end with "Screen/1.png" (runs/r0/Screen/1.png, runs/r1/Screen/1.png, runs/r2/Screen/1.png, ...)',
    });
    expect(source.listCalls).toBe(1);
  });
});
