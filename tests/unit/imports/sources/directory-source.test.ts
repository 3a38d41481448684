import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { openDirectorySource } from "@/lib/imports/sources/directory-source";
import type { FileSource, SourceFile } from "@/lib/imports/sources/file-source";
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from "@/lib/imports/sources/limits";
import {
  SourceEntryNotFoundError,
  SourceLimitError,
  SourceRefusedError,
} from "@/lib/imports/sources/source-errors";
import { makeTempDir, removeTempDirs } from "./zip-fixtures";

const opened: FileSource[] = [];

/** A tree under <tmp>/root with a secret beside it, at <tmp>/outside/secret.txt. */
async function makeTree(files: Record<string, string | Buffer>) {
  const base = await makeTempDir("dir");
  const root = path.join(base, "root");
  await mkdir(path.join(base, "outside"), { recursive: true });
  await writeFile(path.join(base, "outside", "secret.txt"), "secret");
  for (const [name, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), data);
  }
  return { base, root };
}

async function open(root: string, limits?: Partial<SourceLimits>) {
  const result = await openDirectorySource(root, { ...DEFAULT_SOURCE_LIMITS, ...limits });
  opened.push(result.source);
  return result;
}

async function listAll(source: FileSource): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for await (const file of source.list()) files.push(file);
  return files;
}

afterEach(async () => {
  for (const source of opened.splice(0)) await source.close();
  await removeTempDirs();
});

describe("openDirectorySource", () => {
  it("lists files recursively with forward slashes and reads them back", async () => {
    const png = randomBytes(3000);
    const { root } = await makeTree({
      "data.jsonl": "{}\n",
      "run/task/Screen/shot.png": png,
      "run/task/ui.xml": "<a/>",
      "%2e%2e/literal.png": "x",
    });
    const { source, rejected } = await open(root);

    expect(source.kind).toBe("directory");
    expect(rejected).toEqual([]);
    expect(await listAll(source)).toEqual([
      { path: "data.jsonl", size: 3 },
      { path: "%2e%2e/literal.png", size: 1 },
      { path: "run/task/ui.xml", size: 4 },
      { path: "run/task/Screen/shot.png", size: 3000 },
    ]);
    expect((await source.read("run/task/Screen/shot.png")).equals(png)).toBe(true);
    expect((await source.read("%2e%2e/literal.png")).toString()).toBe("x");
    expect(await source.has("run/task/ui.xml")).toBe(true);
    await expect(source.read("run/nope.png")).rejects.toBeInstanceOf(SourceEntryNotFoundError);
  });

  it("refuses paths that climb out of the root or are absolute", async () => {
    const { base, root } = await makeTree({ "a/b.png": "b" });
    const { source } = await open(root);
    const secret = path.join(base, "outside", "secret.txt");

    for (const bad of ["../outside/secret.txt", "a/../../outside/secret.txt", secret, "C:\\secret.txt", "a\\b.png"]) {
      await expect(source.read(bad)).rejects.toBeInstanceOf(SourceRefusedError);
      expect(await source.has(bad)).toBe(false);
    }
  });

  it("refuses a symlink that leaves the root, follows one that stays inside", async () => {
    const { base, root } = await makeTree({ "img/real.png": "png" });
    await symlink(path.join(base, "outside", "secret.txt"), path.join(root, "img", "escape.png"));
    await symlink(path.join(base, "outside"), path.join(root, "outside-dir"));
    await symlink("real.png", path.join(root, "img", "alias.png"));
    await symlink(".", path.join(root, "img", "loop"));
    await symlink("missing.png", path.join(root, "img", "broken.png"));
    const { source, rejected } = await open(root);

    expect(rejected).toEqual([
      { path: "outside-dir", reason: "symbolic link resolves outside the import root" },
      { path: "img/broken.png", reason: "broken symbolic link" },
      { path: "img/escape.png", reason: "symbolic link resolves outside the import root" },
      { path: "img/loop", reason: "symbolic link to a directory (its files are listed under their real path)" },
    ]);
    expect(await listAll(source)).toEqual([
      { path: "img/alias.png", size: 3 },
      { path: "img/real.png", size: 3 },
    ]);
    expect((await source.read("img/alias.png")).toString()).toBe("png");
    await expect(source.read("img/escape.png")).rejects.toThrow(
      "img/escape.png: symbolic link resolves outside the import root",
    );
    await expect(source.read("outside-dir/secret.txt")).rejects.toBeInstanceOf(SourceEntryNotFoundError);
  });

  it("refuses at read time a file swapped for an escaping symlink after listing", async () => {
    const { base, root } = await makeTree({ "shot.png": "png" });
    const { source } = await open(root);
    await rm(path.join(root, "shot.png"));
    await symlink(path.join(base, "outside", "secret.txt"), path.join(root, "shot.png"));

    await expect(source.read("shot.png")).rejects.toThrow("shot.png: resolves outside the import root");
  });

  it("skips FIFOs instead of hanging on them", async () => {
    const { root } = await makeTree({ "a.png": "a" });
    execFileSync("mkfifo", [path.join(root, "pipe.png")]);
    const { source, rejected } = await open(root);

    expect(rejected).toEqual([{ path: "pipe.png", reason: "not a regular file" }]);
    expect(await listAll(source)).toEqual([{ path: "a.png", size: 1 }]);
  });

  it("reports files over the per-file limit and refuses trees over the count or total limits", async () => {
    const { root } = await makeTree({ "big.png": Buffer.alloc(2048), "a.png": "a", "b.png": "b" });

    const { rejected } = await open(root, { maxEntryBytes: 1024 });
    expect(rejected).toEqual([{ path: "big.png", reason: "is 2 KiB, over the 1 KiB per-file limit" }]);

    await expect(open(root, { maxEntries: 2 })).rejects.toBeInstanceOf(SourceLimitError);
    await expect(open(root, { maxEntries: 2 })).rejects.toThrow("root: holds more than the 2 files allowed");
    await expect(open(root, { maxTotalBytes: 1000 })).rejects.toThrow("root: holds more than the 1000 bytes allowed");
  });

  it("refuses a root that is not a directory", async () => {
    const { root } = await makeTree({ "a.png": "a" });
    await expect(open(path.join(root, "a.png"))).rejects.toThrow("a.png: is not a directory");
  });
});
