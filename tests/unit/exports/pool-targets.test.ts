// One suite, two pool targets: a local directory and an S3 bucket + prefix (s3rver on
// 127.0.0.1, over HTTP). Both must keep SPEC §6's promise: a reader sees whole snapshots or
// none, ids are never overwritten, and corruption is caught by verifySnapshot.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PoolTarget, SnapshotWrite, StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { createS3PoolTarget } from "@/lib/exports/targets/s3-target";
import { createS3Client } from "@/lib/storage/s3-client";
import { startS3Server, type TestS3Server } from "../../support/s3-server";

let s3: TestS3Server;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server(["pools"]);
  localRoot = await mkdtemp(path.join(os.tmpdir(), "verity-pool-targets-"));
});
afterAll(async () => {
  await s3.stop();
  await rm(localRoot, { recursive: true, force: true });
});

// A target in its own fresh place, and the raw access a crash or an attacker would have.
type Fixture = {
  target: PoolTarget;
  /** Every stored name, relative to the pool (files or object keys). */
  stored(): Promise<string[]>;
  /** Writes bytes at a path relative to the pool, bypassing the target. */
  putRaw(relative: string, bytes: string): Promise<void>;
};

async function localFixture(): Promise<Fixture> {
  const dir = path.join(localRoot, randomBytes(6).toString("hex"));
  return {
    target: poolTarget({ targetType: "local", targetUri: dir }),
    async stored() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    },
    async putRaw(relative, bytes) {
      await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
      await writeFile(path.join(dir, relative), bytes);
    },
  };
}

async function s3Fixture(): Promise<Fixture> {
  const prefix = `team/${randomBytes(6).toString("hex")}`;
  const client = createS3Client(s3.connection);
  return {
    target: poolTarget({ targetType: "s3", targetUri: `s3://pools/${prefix}` }, s3.connection),
    async stored() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: "pools", Prefix: `${prefix}/` }));
      return (listed.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)).sort();
    },
    async putRaw(relative, bytes) {
      await client.send(new PutObjectCommand({ Bucket: "pools", Key: `${prefix}/${relative}`, Body: bytes }));
    },
  };
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function write(snapshotId: string, files: SnapshotWrite["files"]): SnapshotWrite {
  return {
    snapshotId,
    files,
    manifest: () => ({
      filters: { project: "p1", verifiedOnly: true },
      counts: { rows: 3 },
      revisionIds: ["a1", "a2"], derivedWith: { derivationCode: 1, settings: {} },
      overrideIds: ["o1"],
      verityVersion: "0.1.0",
      unverifiedIncluded: false,
    }),
  };
}

// About 2.6 MB in 40,000 row-sized chunks: hashed and stored while streamed.
async function* manyRows(): AsyncGenerator<string> {
  for (let i = 0; i < 40_000; i++) yield `{"id":"sample-${i}","box":[${i % 1000},${i % 500},${(i % 1000) + 40},${(i % 500) + 20}]}\n`;
}
const expectedRows = async () => {
  let all = "";
  for await (const row of manyRows()) all += row;
  return all;
};

const files = (): StreamedSnapshotFile[] => [
  { name: "grounding.jsonl", content: manyRows() },
  { name: "parquet/grounding.parquet", content: Buffer.from([0x50, 0x41, 0x52, 0x31]) },
  { name: "discard.txt", content: "id-1\nid-2\n" },
];

describe.each([
  ["local directory", localFixture],
  ["S3 bucket", s3Fixture],
])("pool target on a %s", (_kind, makeFixture) => {
  it("round-trips a snapshot with streamed content: manifest, files, verification, latest", async () => {
    const { target } = await makeFixture();
    const manifest = await target.writeSnapshot(write("2024-06-01T120000Z", files()));

    const rows = await expectedRows();
    expect(manifest.files).toEqual([
      { name: "grounding.jsonl", sha256: sha256(rows), bytes: Buffer.byteLength(rows) },
      { name: "parquet/grounding.parquet", sha256: sha256(Buffer.from([0x50, 0x41, 0x52, 0x31])), bytes: 4 },
      { name: "discard.txt", sha256: sha256("id-1\nid-2\n"), bytes: 10 },
    ]);
    expect(manifest).toMatchObject({ snapshotId: "2024-06-01T120000Z", filters: { project: "p1", verifiedOnly: true }, revisionIds: ["a1", "a2"] });
    expect(await target.readManifest("2024-06-01T120000Z")).toEqual(manifest);
    expect(await target.verifySnapshot("2024-06-01T120000Z")).toEqual(manifest);
    expect(await text(await target.openFile("2024-06-01T120000Z", "grounding.jsonl"))).toBe(rows);
    expect(await text(await target.openFile("2024-06-01T120000Z", "discard.txt"))).toBe("id-1\nid-2\n");
    expect(await target.readLatestSnapshotId()).toBe("2024-06-01T120000Z");
    expect(await target.listSnapshotIds()).toEqual(["2024-06-01T120000Z"]);
  });

  it("carries a file the base snapshot holds over unchanged, and writes it from its content when the base's copy is gone", async () => {
    const { target } = await makeFixture();
    const image = Buffer.from("pretend image bytes");
    const first = await target.writeSnapshot(write("s1", [{ name: "images/a.png", content: image }]));
    const listed = first.files[0]!;
    // Its content would fail if consumed: the carry-over must not read it.
    async function* never(): AsyncGenerator<Buffer> {
      throw new Error("read from the media store although the base holds it");
    }
    const second = await target.writeSnapshot(write("s2", [{ name: "images/a.png", content: never(), reuse: { snapshotId: "s1", sha256: listed.sha256, bytes: listed.bytes } }]));
    expect(second.files).toEqual([listed]);
    expect(await text(await target.openFile("s2", "images/a.png"))).toBe(image.toString());
    await target.verifySnapshot("s2");
    // A base that does not hold it (as listed): the content is written.
    const third = await target.writeSnapshot(write("s3", [{ name: "images/a.png", content: image, reuse: { snapshotId: "nope", sha256: listed.sha256, bytes: listed.bytes } }]));
    expect(third.files).toEqual([listed]);
    await target.verifySnapshot("s3");
  });

  it("moves latest to each new snapshot and lists them oldest first", async () => {
    const { target } = await makeFixture();
    expect(await target.readLatestSnapshotId()).toBeNull();
    expect(await target.listSnapshotIds()).toEqual([]);
    await target.writeSnapshot(write("s1", [{ name: "a.jsonl", content: "a\n" }]));
    expect(await target.readLatestSnapshotId()).toBe("s1");
    await target.writeSnapshot(write("s2", [{ name: "b.jsonl", content: "b\n" }]));
    expect(await target.readLatestSnapshotId()).toBe("s2");
    expect(await target.listSnapshotIds()).toEqual(["s1", "s2"]);
  });

  it("refuses to write an id that exists, keeping the snapshot and latest as they were", async () => {
    const { target } = await makeFixture();
    await target.writeSnapshot(write("s1", [{ name: "a.jsonl", content: "first\n" }]));
    await target.writeSnapshot(write("s2", [{ name: "a.jsonl", content: "second\n" }]));
    await expect(target.writeSnapshot(write("s1", [{ name: "a.jsonl", content: "replaced\n" }]))).rejects.toMatchObject({ code: "conflict" });
    expect(await text(await target.openFile("s1", "a.jsonl"))).toBe("first\n");
    await target.verifySnapshot("s1");
    expect(await target.readLatestSnapshotId()).toBe("s2");
  });

  it("shows nothing of a write that fails midway, and the next write of another id succeeds", async () => {
    const fixture = await makeFixture();
    const { target } = fixture;
    async function* failingRows() {
      yield '{"id":"s1"}\n';
      throw new Error("the database went away");
    }
    async function* produce(): AsyncGenerator<StreamedSnapshotFile> {
      yield { name: "first.jsonl", content: "complete file\n" };
      yield { name: "second.jsonl", content: failingRows() };
    }
    await expect(target.writeSnapshot(write("broken", produce()))).rejects.toThrow("the database went away");
    expect(await target.listSnapshotIds()).toEqual([]);
    expect(await target.readLatestSnapshotId()).toBeNull();
    await expect(target.readManifest("broken")).rejects.toMatchObject({ code: "not_found" });
    await expect(target.openFile("broken", "first.jsonl")).rejects.toMatchObject({ code: "not_found" });
    expect(await fixture.stored()).toEqual([]);

    await target.writeSnapshot(write("next", [{ name: "ok.jsonl", content: "fine\n" }]));
    expect(await target.listSnapshotIds()).toEqual(["next"]);
    await target.verifySnapshot("next");
  });

  it("hides the objects a killed writer left, and a later write of that id replaces them", async () => {
    const fixture = await makeFixture();
    const { target } = fixture;
    // What a writer killed before its commit leaves: data without a manifest (S3), or its
    // hidden temp dir (local).
    const leftover = fixture.target.describe().startsWith("s3://") ? "snapshots/crashed/stale.jsonl" : "snapshots/.tmp-crashed-0123456789ab/stale.jsonl";
    await fixture.putRaw(leftover, "half a file");
    expect(await target.listSnapshotIds()).toEqual([]);
    await expect(target.readManifest("crashed")).rejects.toMatchObject({ code: "not_found" });
    await expect(target.openFile("crashed", "stale.jsonl")).rejects.toMatchObject({ code: "not_found" });

    await target.writeSnapshot(write("crashed", [{ name: "fresh.jsonl", content: "whole\n" }]));
    expect((await target.verifySnapshot("crashed")).files.map((f) => f.name)).toEqual(["fresh.jsonl"]);
    expect(await fixture.stored()).toEqual(["latest", "snapshots/crashed/fresh.jsonl", "snapshots/crashed/manifest.json"]);
  });

  it("detects a tampered file and a file the manifest does not list", async () => {
    const fixture = await makeFixture();
    const { target } = fixture;
    await target.writeSnapshot(write("s1", [{ name: "rows.jsonl", content: '{"id":"a"}\n' }]));
    await fixture.putRaw("snapshots/s1/rows.jsonl", '{"id":"b"}\n');
    await expect(target.verifySnapshot("s1")).rejects.toThrow(/rows\.jsonl does not match its manifest sha256/);

    await target.writeSnapshot(write("s2", [{ name: "rows.jsonl", content: '{"id":"a"}\n' }]));
    await fixture.putRaw("snapshots/s2/extra/smuggled.jsonl", "z\n");
    await expect(target.verifySnapshot("s2")).rejects.toThrow(/extra\/smuggled\.jsonl/);
  });

  it("refuses unsafe ids and file names, and never opens a file the manifest does not list", async () => {
    const fixture = await makeFixture();
    const { target } = fixture;
    for (const name of ["../escape.jsonl", "/abs.jsonl", "manifest.json", "a//b", ".hidden"]) {
      await expect(target.writeSnapshot(write("s", [{ name, content: "x" }]))).rejects.toMatchObject({ code: "invalid_input" });
    }
    await expect(target.writeSnapshot(write("../s", [{ name: "a", content: "x" }]))).rejects.toMatchObject({ code: "invalid_input" });
    await expect(target.writeSnapshot(write("dup", [{ name: "a", content: "x" }, { name: "a", content: "y" }]))).rejects.toThrow(/given twice/);
    expect(await fixture.stored()).toEqual([]);
    await target.writeSnapshot(write("s1", [{ name: "a.jsonl", content: "x" }]));
    await expect(target.openFile("s1", "manifest.json")).rejects.toMatchObject({ code: "not_found" });
    await expect(target.openFile("s1", "../s1/a.jsonl")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("S3 pool target", () => {
  it("uploads a file larger than one part as a multipart upload, hashed while streamed", async () => {
    const prefix = `multipart/${randomBytes(6).toString("hex")}`;
    const target = createS3PoolTarget({ client: createS3Client(s3.connection), bucket: "pools", prefix, partBytes: 5 * 1024 * 1024 });
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* elevenMegabytes() {
      for (let i = 0; i < 11; i++) yield chunk;
    }
    const manifest = await target.writeSnapshot(write("big", [{ name: "big.bin", content: elevenMegabytes() }]));
    expect(manifest.files[0]).toEqual({ name: "big.bin", sha256: sha256(Buffer.concat(Array(11).fill(chunk))), bytes: 11 * 1024 * 1024 });
    await target.verifySnapshot("big");
  });

  it("describes itself as s3://bucket/prefix", () => {
    expect(poolTarget({ targetType: "s3", targetUri: "s3://pools/a/b/" }, s3.connection).describe()).toBe("s3://pools/a/b");
  });
});

describe("poolTarget settings", () => {
  it("names what is wrong with a target", () => {
    expect(() => poolTarget({ targetType: "local", targetUri: "pools/grounding" })).toThrow(/must be an absolute path/);
    expect(() => poolTarget({ targetType: "local", targetUri: "/srv/../etc" })).toThrow(/must not contain '\.\.'/);
    expect(() => poolTarget({ targetType: "s3", targetUri: "/srv/pools" }, s3.connection)).toThrow(/must look like s3:\/\/bucket\/prefix/);
    expect(() => poolTarget({ targetType: "s3", targetUri: "s3://Bad_Bucket/x" }, s3.connection)).toThrow(/not a bucket name/);
    expect(() => poolTarget({ targetType: "s3", targetUri: "s3://pools/a//b" }, s3.connection)).toThrow(/prefix must be/);
    expect(() => poolTarget({ targetType: "ftp" as "s3", targetUri: "ftp://x" })).toThrow(/target type must be local or s3/);
    try {
      poolTarget({ targetType: "local", targetUri: "rel" });
    } catch (error) {
      expect(error).toMatchObject({ code: "invalid_input" });
    }
  });
});
