import { readdir, readlink, realpath } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import yauzl from "yauzl";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FileSource, SourceFile } from "@/lib/imports/sources/file-source";
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from "@/lib/imports/sources/limits";
import {
  SourceEntryNotFoundError,
  SourceLimitError,
  SourceRefusedError,
} from "@/lib/imports/sources/source-errors";
import { openZipSource } from "@/lib/imports/sources/zip-source";
import {
  buildZip,
  makeTempDir,
  removeTempDirs,
  renameEntry,
  setDeclaredSize,
  writeZip,
} from "./zip-fixtures";

const GiB = 1024 ** 3;
const opened: FileSource[] = [];

async function open(zip: Buffer, limits?: Partial<SourceLimits>, name = "archive.zip") {
  const dir = await makeTempDir("zip");
  const file = await writeZip(dir, name, zip);
  const result = await openZipSource(file, { ...DEFAULT_SOURCE_LIMITS, ...limits });
  opened.push(result.source);
  return { ...result, dir };
}

async function listAll(source: FileSource): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for await (const file of source.list()) files.push(file);
  return files;
}

afterEach(async () => {
  for (const source of opened.splice(0)) await source.close();
  await removeTempDirs();
  vi.restoreAllMocks();
});

describe("openZipSource", () => {
  it("lists nested images and reads them back byte-identical", async () => {
    const png = randomBytes(5000);
    const xml = Buffer.from("<hierarchy>" + "<node/>".repeat(500) + "</hierarchy>");
    const zip = await buildZip([
      { name: "run/", directory: true },
      { name: "run/task-1/Screen/shot 1.png", data: png, compress: false },
      { name: "run/task-1/ui.xml", data: xml },
      { name: "data.jsonl", data: '{"a":1}\n' },
    ]);
    const { source, rejected } = await open(zip);

    expect(source.kind).toBe("zip");
    expect(rejected).toEqual([]);
    expect(await listAll(source)).toEqual([
      { path: "run/task-1/Screen/shot 1.png", size: png.length },
      { path: "run/task-1/ui.xml", size: xml.length },
      { path: "data.jsonl", size: 8 },
    ]);
    expect((await source.read("run/task-1/Screen/shot 1.png")).equals(png)).toBe(true);
    expect((await source.read("./run//task-1/ui.xml")).equals(xml)).toBe(true);
    expect(await source.has("run/task-1/ui.xml")).toBe(true);
    expect(await source.has("run/task-1/missing.xml")).toBe(false);
    await expect(source.read("run/missing.png")).rejects.toBeInstanceOf(SourceEntryNotFoundError);
  });

  it("reads the central directory through yauzl.open with lazy entries, never the whole file", async () => {
    const spy = vi.spyOn(yauzl, "open");
    await open(await buildZip([{ name: "a.png", data: "x" }]));
    expect(spy).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ lazyEntries: true, autoClose: false, validateEntrySizes: true }),
      expect.any(Function),
    );
  });

  it("refuses zip-slip names with a reason, keeps the rest, and writes nothing anywhere", async () => {
    let zip = await buildZip([
      { name: "xx/evil.png", data: "evil" },
      { name: "xabs.png", data: "abs" },
      { name: "a/xx/xx/b.png", data: "b" },
      { name: "c_x_.png", data: "drive" },
      { name: "win_dir.png", data: "backslash" },
      { name: "ok/fine.png", data: "fine" },
    ]);
    zip = renameEntry(zip, "xx/evil.png", "../evil.png");
    zip = renameEntry(zip, "xabs.png", "/abs.png");
    zip = renameEntry(zip, "a/xx/xx/b.png", "a/../../b.png");
    zip = renameEntry(zip, "c_x_.png", "C:\\x.png");
    zip = renameEntry(zip, "win_dir.png", "win\\dir.png");
    const { source, rejected, dir } = await open(zip);

    expect(rejected).toEqual([
      { path: "../evil.png", reason: "path climbs out with '..'" },
      { path: "/abs.png", reason: "absolute path" },
      { path: "a/../../b.png", reason: "path climbs out with '..'" },
      { path: "C:\\x.png", reason: "path starts with a drive letter" },
      { path: "win\\dir.png", reason: "name contains a backslash" },
    ]);
    expect(await listAll(source)).toEqual([{ path: "ok/fine.png", size: 4 }]);
    await expect(source.read("../evil.png")).rejects.toBeInstanceOf(SourceRefusedError);
    await expect(source.read("/abs.png")).rejects.toBeInstanceOf(SourceRefusedError);
    expect(await source.has("../evil.png")).toBe(false);
    expect(await readdir(dir)).toEqual(["archive.zip"]);
    expect(await readdir(path.dirname(dir))).not.toContain("evil.png");
  });

  it("refuses a symlink entry", async () => {
    const zip = await buildZip([
      { name: "link.png", data: "/etc/passwd", mode: 0o120777 },
      { name: "real.png", data: "png" },
    ]);
    const { source, rejected } = await open(zip);

    expect(rejected).toEqual([{ path: "link.png", reason: "symbolic link" }]);
    expect(await listAll(source)).toEqual([{ path: "real.png", size: 3 }]);
    await expect(source.read("link.png")).rejects.toThrow("link.png: symbolic link");
  });

  it("refuses an entry declaring 10 GiB before extracting anything, naming the declared size", async () => {
    let zip = await buildZip([
      { name: "bomb.bin", data: Buffer.alloc(1000), forceZip64Format: true },
      { name: "ok.png", data: "png" },
    ]);
    zip = setDeclaredSize(zip, "bomb.bin", 10 * GiB);
    const { source, rejected } = await open(zip);

    expect(rejected).toEqual([
      { path: "bomb.bin", reason: "declares 10 GiB uncompressed, over the 256 MiB per-file limit" },
    ]);
    expect(await listAll(source)).toEqual([{ path: "ok.png", size: 3 }]);
    await expect(source.read("bomb.bin")).rejects.toThrow("bomb.bin: declares 10 GiB uncompressed");
  });

  it("refuses the whole archive when its declared total is over the limit", async () => {
    let zip = await buildZip([{ name: "bomb.bin", data: Buffer.alloc(1000), forceZip64Format: true }]);
    zip = setDeclaredSize(zip, "bomb.bin", 10 * GiB);
    const refusal = open(zip, { maxTotalBytes: GiB, maxEntryBytes: 20 * GiB });

    await expect(refusal).rejects.toBeInstanceOf(SourceLimitError);
    await expect(refusal).rejects.toThrow("archive.zip: declares 10 GiB uncompressed, over the 1 GiB limit");
  });

  it("refuses an entry whose compression ratio is over the limit", async () => {
    const zip = await buildZip([
      { name: "zeros.bin", data: Buffer.alloc(50 * 1024 ** 2) },
      { name: "small-zeros.bin", data: Buffer.alloc(100_000) },
    ]);
    const { source, rejected } = await open(zip);

    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.path).toBe("zeros.bin");
    expect(rejected[0]!.reason).toMatch(/^compresses \d+:1 \(50 MiB from [\d.]+ KiB\), over the 200:1 ratio limit$/);
    // Small entries are not held to the ratio: they cannot hurt whatever it is.
    expect((await source.read("small-zeros.bin")).length).toBe(100_000);
  });

  it("refuses the whole archive when many small entries together compress past the ratio limit", async () => {
    // 100 entries of 1 MiB of zeros: each under the per-entry ratio check, together ~1000:1.
    const zip = await buildZip(Array.from({ length: 100 }, (_, i) => ({ name: `bomb/${i}.jsonl`, data: Buffer.alloc(1024 ** 2) })));
    const refusal = open(zip, { maxCompressionRatio: 200 });
    await expect(refusal).rejects.toBeInstanceOf(SourceLimitError);
    await expect(refusal).rejects.toThrow(/^archive\.zip: compresses \d+:1 as a whole \(100 MiB from [\d.]+ KiB\), over the 200:1 ratio limit$/);
  });

  it("refuses an archive with more entries than the limit before reading them", async () => {
    const zip = await buildZip(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: "x" })));
    await expect(open(zip, { maxEntries: 5 })).rejects.toThrow("archive.zip: holds 6 entries, over the 5 limit");
  });

  it("stops inflating an entry that produces more bytes than it declared", async () => {
    let zip = await buildZip([{ name: "liar.png", data: randomBytes(2000) }]);
    zip = setDeclaredSize(zip, "liar.png", 100);
    const { source, rejected } = await open(zip);

    expect(rejected).toEqual([]);
    expect(await listAll(source)).toEqual([{ path: "liar.png", size: 100 }]);
    const read = source.read("liar.png");
    await expect(read).rejects.toBeInstanceOf(SourceRefusedError);
    await expect(read).rejects.toThrow(/^liar\.png: /);
  });

  it("refuses an entry that ends before its declared size", async () => {
    let zip = await buildZip([{ name: "short.png", data: randomBytes(2000) }]);
    zip = setDeclaredSize(zip, "short.png", 3000);
    const { source } = await open(zip);

    await expect(source.read("short.png")).rejects.toBeInstanceOf(SourceRefusedError);
  });

  it("reports a later entry with the same path and serves the first", async () => {
    const zip = await buildZip([
      { name: "a.png", data: "first" },
      { name: "./a.png", data: "later" },
    ]);
    const { source, rejected } = await open(zip);

    expect(rejected).toEqual([{ path: "./a.png", reason: "duplicate of an earlier entry with the same path" }]);
    expect((await source.read("a.png")).toString()).toBe("first");
  });

  it.skipIf(!existsSync("/proc/self/fd"))("releases the archive's file descriptor on close, failed reads included", async () => {
    let zip = await buildZip([
      { name: "ok.png", data: randomBytes(3000) },
      { name: "liar.png", data: randomBytes(3000) },
    ]);
    zip = setDeclaredSize(zip, "liar.png", 10);
    const { source, dir } = await open(zip);
    const zipPath = await realpath(path.join(dir, "archive.zip"));
    const openOnZip = async () => {
      const fds = await readdir("/proc/self/fd");
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")));
      return targets.filter((target) => target === zipPath).length;
    };

    await source.read("ok.png");
    await expect(source.read("liar.png")).rejects.toBeInstanceOf(SourceRefusedError);
    expect(await openOnZip()).toBe(1);
    await source.close();
    expect(await openOnZip()).toBe(0);
  });

  it("refuses a file that is not a zip as a whole", async () => {
    const refusal = open(Buffer.from("not a zip at all"), {}, "fake.zip");
    await expect(refusal).rejects.toBeInstanceOf(SourceRefusedError);
    await expect(refusal).rejects.toThrow(/^fake\.zip: not a readable zip archive/);
  });
});
