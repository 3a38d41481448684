// The same behaviour from both media stores: the local directory and an S3 bucket (s3rver on
// 127.0.0.1, over HTTP, through the real client).
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalMediaStore } from "@/lib/media/local-store";
import { createS3MediaStore } from "@/lib/media/s3-store";
import { mediaKey, type MediaStore } from "@/lib/media/store";
import { createS3Client } from "@/lib/storage/s3-client";
import { startS3Server, type TestS3Server } from "../../support/s3-server";

let s3: TestS3Server;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server(["media"]);
  localRoot = await mkdtemp(path.join(os.tmpdir(), "verity-media-store-"));
});
afterAll(async () => {
  await s3.stop();
  await rm(localRoot, { recursive: true, force: true });
});

const keyOf = (bytes: Buffer) => mediaKey(createHash("sha256").update(bytes).digest("hex"), "png");

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const stores: [string, () => MediaStore][] = [
  ["local", () => createLocalMediaStore(localRoot)],
  ["s3", () => createS3MediaStore({ client: createS3Client(s3.connection), bucket: "media", prefix: "verity/media" })],
];

describe.each(stores)("%s media store", (kind, makeStore) => {
  it("stores bytes under their key and gives them back whole and streamed", async () => {
    const store = makeStore();
    const bytes = Buffer.from(`${kind} screenshot bytes`);
    const key = keyOf(bytes);
    expect(await store.has(key)).toBe(false);
    await store.put(key, bytes);
    expect(await store.has(key)).toBe(true);
    expect((await store.read(key)).equals(bytes)).toBe(true);
    expect((await readAll(await store.stream(key))).equals(bytes)).toBe(true);
  });

  it("never overwrites a key: a second put is a no-op", async () => {
    const store = makeStore();
    const bytes = Buffer.from(`${kind} original`);
    const key = keyOf(bytes);
    await store.put(key, bytes);
    await store.put(key, bytes);
    await store.put(key, Buffer.from("other bytes under the same key"));
    expect((await store.read(key)).toString()).toBe(`${kind} original`);
  });

  it("answers a missing key with a not_found error naming it, from read and from stream", async () => {
    const store = makeStore();
    const key = keyOf(Buffer.from(`${kind} never stored`));
    await expect(store.read(key)).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining(key) });
    await expect(store.stream(key)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses keys that are not content addresses", async () => {
    const store = makeStore();
    await expect(store.put("../escape.png", Buffer.from("x"))).rejects.toMatchObject({ code: "invalid_input" });
    await expect(store.read("a//b.png")).rejects.toMatchObject({ code: "invalid_input" });
  });
});

describe("s3 media store layout", () => {
  it("keeps objects under the prefix, by the content-addressed key", async () => {
    const client = createS3Client(s3.connection);
    const store = createS3MediaStore({ client, bucket: "media", prefix: "layout" });
    const bytes = Buffer.from("layout check");
    await store.put(keyOf(bytes), bytes);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: "media", Prefix: "layout/" }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual([`layout/${keyOf(bytes)}`]);
  });
});
