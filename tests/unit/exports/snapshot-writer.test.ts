import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { readLatestSnapshotId, readSnapshot } from "@/lib/exports/snapshot-reader";
import { writeSnapshot, type SnapshotFile, type SnapshotInput } from "@/lib/exports/snapshot-writer";
import { withTempDir } from "../../support/temp-dir";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

function input(poolDir: string, snapshotId: string, files: SnapshotInput["files"]): SnapshotInput {
  return {
    poolDir,
    snapshotId,
    files,
    manifest: () => ({
      filters: { project: "p1", verifiedOnly: true },
      counts: { "grounding.jsonl": 2 },
      revisionIds: ["a1", "a2"], derivedWith: { derivationCode: 1, settings: {} },
      overrideIds: ["o1"],
      verityVersion: "0.1.0",
      unverifiedIncluded: false,
    }),
  };
}

// Whole contents here; streamed contents are covered below and in pool-targets.test.ts.
const files: (SnapshotFile & { content: string | Buffer })[] = [
  { name: "grounding.jsonl", content: '{"id":"s1"}\n{"id":"s2"}\n' },
  { name: "parquet/grounding.parquet", content: Buffer.from([0x50, 0x41, 0x52, 0x31]) },
];

describe("writeSnapshot", () => {
  it("makes every file and directory of a committed snapshot read-only, and hard-links what the base holds", async () => {
    await withTempDir(async (pool) => {
      await writeSnapshot(input(pool, "s1", [{ name: "images/x.png", content: "x" }, { name: "rows.jsonl", content: "{}\n" }]));
      const base = path.join(pool, "snapshots", "s1");
      for (const name of ["images/x.png", "rows.jsonl", "manifest.json"]) expect((await stat(path.join(base, name))).mode & 0o777, name).toBe(0o444);
      for (const dir of [base, path.join(base, "images")]) expect((await stat(dir)).mode & 0o777).toBe(0o555);
      const { manifest } = await readSnapshot(pool, "s1");
      const listed = manifest.files.find((f) => f.name === "images/x.png")!;
      await writeSnapshot(input(pool, "s2", [{ name: "images/x.png", content: "not read", reuse: { snapshotId: "s1", sha256: listed.sha256, bytes: listed.bytes } }]));
      const [a, b] = await Promise.all([stat(path.join(base, "images/x.png")), stat(path.join(pool, "snapshots", "s2", "images/x.png"))]);
      expect(b.ino).toBe(a.ino);
      await readSnapshot(pool, "s2");
    });
  });

  it("writes the files, a manifest with their sha256 and points latest at the new id", async () => {
    await withTempDir(async (pool) => {
      const manifest = await writeSnapshot(input(pool, "2024-06-01T120000Z", files));

      const dir = path.join(pool, "snapshots", "2024-06-01T120000Z");
      const onDisk = SnapshotManifestSchema.parse(JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8")));
      expect(onDisk).toEqual(manifest);
      expect(onDisk).toMatchObject({
        snapshotId: "2024-06-01T120000Z",
        filters: { project: "p1", verifiedOnly: true },
        counts: { "grounding.jsonl": 2 },
        revisionIds: ["a1", "a2"], derivedWith: { derivationCode: 1, settings: {} },
        overrideIds: ["o1"],
        verityVersion: "0.1.0",
        unverifiedIncluded: false,
      });
      for (const file of files) {
        const bytes = await readFile(path.join(dir, file.name));
        expect(onDisk.files).toContainEqual({ name: file.name, sha256: sha256(bytes), bytes: bytes.length });
        expect(sha256(bytes)).toBe(sha256(file.content));
      }

      expect(await readFile(path.join(pool, "latest"), "utf8")).toBe("2024-06-01T120000Z");
      expect(await readLatestSnapshotId(pool)).toBe("2024-06-01T120000Z");
      expect((await readdir(pool)).sort()).toEqual(["latest", "snapshots"]);
      expect(await readdir(path.join(pool, "snapshots"))).toEqual(["2024-06-01T120000Z"]);

      const read = await readSnapshot(pool, "2024-06-01T120000Z");
      expect(read).toEqual({ dir, manifest });
    });
  });

  it("streams files from an async generator and moves latest to the newest snapshot", async () => {
    await withTempDir(async (pool) => {
      async function* produce() {
        yield { name: "a.jsonl", content: "a\n" };
        yield { name: "b.jsonl", content: "b\n" };
      }
      await writeSnapshot(input(pool, "first", files));
      const manifest = await writeSnapshot(input(pool, "second", produce()));
      expect(manifest.files.map((f) => f.name)).toEqual(["a.jsonl", "b.jsonl"]);
      expect(await readLatestSnapshotId(pool)).toBe("second");
      await readSnapshot(pool, "first");
    });
  });

  it("writes content streamed in chunks, with the sha256 and size of the bytes on disk", async () => {
    await withTempDir(async (pool) => {
      async function* rows() {
        for (let i = 0; i < 5000; i++) yield `{"id":"s${i}"}\n`;
        yield Buffer.from("tail\n");
      }
      const manifest = await writeSnapshot(input(pool, "streamed", [{ name: "rows.jsonl", content: rows() }]));
      const bytes = await readFile(path.join(pool, "snapshots", "streamed", "rows.jsonl"));
      expect(bytes.toString().split("\n")).toHaveLength(5002);
      expect(manifest.files).toEqual([{ name: "rows.jsonl", sha256: sha256(bytes), bytes: bytes.length }]);
    });
  });

  it("leaves no snapshot and no temp dir when a file fails midway", async () => {
    await withTempDir(async (pool) => {
      async function* failing() {
        yield { name: "grounding.jsonl", content: "x\n" };
        throw new Error("database went away");
      }
      await expect(writeSnapshot(input(pool, "broken", failing()))).rejects.toThrow("database went away");
      expect(await readdir(path.join(pool, "snapshots"))).toEqual([]);
      expect(await readLatestSnapshotId(pool)).toBeNull();
    });
  });

  it("writes independent files (images) beside one another, lists them in the order given, and finishes them before a file that comes after", async () => {
    await withTempDir(async (pool) => {
      const finished: string[] = [];
      // The first image's bytes come only once the fourth image is being read: written one
      // after another, this would never end (the test would time out). The later images
      // finish first, and the manifest's order must still be the order given.
      let fourthAsked!: () => void;
      const fourthStarted = new Promise<void>((resolve) => (fourthAsked = resolve));
      async function* image(name: string, i: number) {
        if (i === 0) await fourthStarted;
        if (i === 3) fourthAsked();
        yield `bytes of ${name}`;
        finished.push(name);
      }
      const images = Array.from({ length: 12 }, (_, i) => `images/${String(i).padStart(2, "0")}.png`);
      let imagesDoneWhenAsked: string[] | null = null;
      async function* all(): AsyncGenerator<SnapshotFile> {
        for (const [i, name] of images.entries()) yield { name, content: image(name, i), independent: true };
        async function* changes() {
          imagesDoneWhenAsked = [...finished];
          yield "after the images\n";
        }
        yield { name: "changes.jsonl", content: changes() };
      }
      const manifest = await writeSnapshot(input(pool, "parallel", all()));
      expect(manifest.files.map((f) => f.name)).toEqual([...images, "changes.jsonl"]);
      expect([...(imagesDoneWhenAsked ?? [])].sort()).toEqual(images);
      expect(finished.indexOf("images/03.png")).toBeLessThan(finished.indexOf("images/00.png"));
      for (const f of manifest.files) expect(sha256(await readFile(path.join(pool, "snapshots", "parallel", f.name)))).toBe(f.sha256);
    });
  });

  it("leaves no snapshot and no temp dir when one of the independent files fails, after the others ended", async () => {
    await withTempDir(async (pool) => {
      async function* image(fail: boolean) {
        if (fail) throw new Error("image 3 is missing from the store");
        yield "png";
      }
      const list: SnapshotFile[] = Array.from({ length: 6 }, (_, i) => ({ name: `images/${i}.png`, content: image(i === 3), independent: true as const }));
      await expect(writeSnapshot(input(pool, "broken", [...list, { name: "README.md", content: "x" }]))).rejects.toThrow("image 3 is missing");
      expect(await readdir(path.join(pool, "snapshots"))).toEqual([]);
      expect(await readLatestSnapshotId(pool)).toBeNull();
    });
  });

  it("never overwrites an existing snapshot and keeps latest where it was", async () => {
    await withTempDir(async (pool) => {
      await writeSnapshot(input(pool, "s1", files));
      await expect(writeSnapshot(input(pool, "s1", [{ name: "other.jsonl", content: "y\n" }]))).rejects.toMatchObject({
        code: "conflict",
      });
      const read = await readSnapshot(pool, "s1");
      expect(read.manifest.files.map((f) => f.name)).toEqual(["grounding.jsonl", "parquet/grounding.parquet"]);
      expect(await readdir(path.join(pool, "snapshots"))).toEqual(["s1"]);
      expect(await readLatestSnapshotId(pool)).toBe("s1");
    });
  });

  it("refuses unsafe names and ids without leaving anything behind", async () => {
    await withTempDir(async (pool) => {
      for (const name of ["../escape.jsonl", "/abs.jsonl", "manifest.json", "a//b", ".hidden"]) {
        await expect(writeSnapshot(input(pool, "s", [{ name, content: "x" }]))).rejects.toMatchObject({ code: "invalid_input" });
      }
      await expect(writeSnapshot(input(pool, "../s", files))).rejects.toMatchObject({ code: "invalid_input" });
      await expect(writeSnapshot(input(pool, ".tmp-s", files))).rejects.toMatchObject({ code: "invalid_input" });
      await expect(writeSnapshot(input(pool, "dup", [files[0]!, files[0]!]))).rejects.toThrow(/given twice/);
      expect(await readdir(path.join(pool, "snapshots"))).toEqual([]);
    });
  });
});

describe("readSnapshot", () => {
  it("rejects a file whose bytes no longer match the manifest, and an unlisted file", async () => {
    await withTempDir(async (pool) => {
      await writeSnapshot(input(pool, "s1", files));
      const dir = path.join(pool, "snapshots", "s1");
      await writeFile(path.join(dir, "grounding.jsonl"), '{"id":"s1"}\n{"id":"sX"}\n');
      await expect(readSnapshot(pool, "s1")).rejects.toThrow(/grounding.jsonl does not match/);

      await writeSnapshot(input(pool, "s2", files));
      await mkdir(path.join(pool, "snapshots", "s2", "extra"));
      await writeFile(path.join(pool, "snapshots", "s2", "extra", "smuggled.jsonl"), "z\n");
      await expect(readSnapshot(pool, "s2")).rejects.toThrow(/extra\/smuggled.jsonl/);
    });
  });

  it("reports a missing snapshot as not_found", async () => {
    await withTempDir(async (pool) => {
      await expect(readSnapshot(pool, "nope")).rejects.toMatchObject({ code: "not_found" });
    });
  });
});

describe("writeSnapshot manifest fields", () => {
  it("refuses counts the reader could not parse, leaving nothing behind", async () => {
    await withTempDir(async (pool) => {
      const good = input(pool, "s1", files);
      const bad = { ...good, manifest: () => ({ ...good.manifest(), counts: { rows: -1 } }) };
      await expect(writeSnapshot(bad)).rejects.toThrow();
      expect(await readdir(path.join(pool, "snapshots"))).toEqual([]);
    });
  });
});
