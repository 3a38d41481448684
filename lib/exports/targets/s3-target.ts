// A pool under an S3 bucket + prefix. S3 has no rename, so atomicity comes from order (SPEC §6):
//   1. data files to <prefix>/snapshots/<id>/<name>, each hashed while streamed;
//   2. <prefix>/snapshots/<id>/manifest.json LAST (If-None-Match: *, so where the server
//      supports conditional writes two writers of one id cannot both commit);
//   3. <prefix>/latest (content: the id).
// A snapshot without a manifest does not exist for readers: list, latest, readManifest and
// openFile all go through the manifest. On an error before step 2 the data objects this write
// uploaded are deleted (best effort; if that fails too they stay invisible). A process killed
// midway leaves invisible objects that the next write of the same id clears first.
// Invariant: an id whose manifest exists is never written again (conflict).
import "server-only";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { AppError } from "@/lib/errors";
import {
  MANIFEST_FILE,
  SnapshotFileNameSchema,
  SnapshotIdSchema,
  SnapshotManifestSchema,
  buildManifest,
  type SnapshotManifest,
} from "@/lib/exports/snapshot-manifest";
import type { PoolTarget, SnapshotWrite, StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";
import { DEFAULT_PART_BYTES, uploadSnapshotFile } from "@/lib/exports/targets/s3-upload";
import { isS3NotFound, isS3PreconditionFailed, joinKey } from "@/lib/storage/s3-client";

export type S3PoolLocation = { client: S3Client; bucket: string; prefix: string; partBytes?: number };

type ListedObject = { key: string; size: number; lastModified: number };

export function createS3PoolTarget(location: S3PoolLocation): PoolTarget {
  const { client, bucket, prefix } = location;
  const upload = { client, bucket, partBytes: location.partBytes ?? DEFAULT_PART_BYTES };
  const where = `s3://${joinKey(bucket, prefix)}`;
  const snapshotsPrefix = `${joinKey(prefix, "snapshots")}/`;
  const snapshotPrefix = (id: string) => `${snapshotsPrefix}${id}/`;
  const manifestKey = (id: string) => `${snapshotPrefix(id)}${MANIFEST_FILE}`;
  const latestKey = joinKey(prefix, "latest");
  const conflict = (id: string) => new AppError("conflict", `snapshot ${id} already exists in ${where}`, { id });

  async function* list(keyPrefix: string): AsyncGenerator<ListedObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix, ContinuationToken }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw error;
    }
  }

  async function getBody(key: string): Promise<Readable | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`${key}: the S3 response has no readable body`);
      return object.Body;
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  async function getText(key: string): Promise<string | null> {
    const body = await getBody(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
      if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.map((e) => e.Key).join(", ")} from ${where}`);
    }
  }

  function parseId(snapshotId: string): string {
    const id = SnapshotIdSchema.safeParse(snapshotId);
    if (!id.success) throw new AppError("invalid_input", `bad snapshot id ${JSON.stringify(snapshotId)}`, id.error.issues);
    return id.data;
  }

  async function readManifest(snapshotId: string): Promise<SnapshotManifest> {
    const id = parseId(snapshotId);
    const raw = await getText(manifestKey(id));
    if (raw === null) throw new AppError("not_found", `no snapshot ${id} in ${where}`, { id });
    const manifest = SnapshotManifestSchema.parse(JSON.parse(raw));
    if (manifest.snapshotId !== id) throw new Error(`snapshot ${id} holds the manifest of ${manifest.snapshotId}`);
    return manifest;
  }

  // An unchanged file of the base snapshot is copied inside the bucket, never sent again.
  async function copyFromBase(key: string, file: StreamedSnapshotFile) {
    if (!file.reuse) return null;
    const source = `${snapshotPrefix(file.reuse.snapshotId)}${file.name}`;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: source }));
      if (head.ContentLength !== file.reuse.bytes) return null;
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: encodeURI(`${bucket}/${source}`) }));
    return { sha256: file.reuse.sha256, bytes: file.reuse.bytes };
  }

  async function writeFiles(id: string, files: SnapshotWrite["files"], uploaded: string[]): Promise<SnapshotManifest["files"]> {
    const written: SnapshotManifest["files"] = [];
    for await (const file of files) {
      const name = SnapshotFileNameSchema.safeParse(file.name);
      if (!name.success) {
        throw new AppError("invalid_input", `bad snapshot file name ${JSON.stringify(file.name)}`, name.error.issues);
      }
      if (written.some((w) => w.name === name.data)) {
        throw new AppError("invalid_input", `snapshot file ${name.data} is given twice`, { name: name.data });
      }
      const key = `${snapshotPrefix(id)}${name.data}`;
      uploaded.push(key);
      const reused = await copyFromBase(key, file);
      const { sha256, bytes } = reused ?? (await uploadSnapshotFile(upload, key, file.content));
      written.push({ name: name.data, sha256, bytes });
    }
    return written;
  }

  async function pointLatestAt(id: string): Promise<void> {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: latestKey, Body: id, ContentType: "text/plain" }));
  }

  return {
    describe: () => where,

    async writeSnapshot(input) {
      const id = parseId(input.snapshotId);
      if (await exists(manifestKey(id))) throw conflict(id);
      // Objects of a crashed attempt at this id: invisible, but they would read as unlisted files.
      const leftovers = [];
      for await (const o of list(snapshotPrefix(id))) leftovers.push(o.key);
      if (leftovers.length) await deleteKeys(leftovers);

      const uploaded: string[] = [];
      let committedByOther = false;
      let manifest: SnapshotManifest;
      try {
        const files = await writeFiles(id, input.files, uploaded);
        manifest = buildManifest(id, input.manifest(), files);
        committedByOther = await exists(manifestKey(id));
        if (committedByOther) throw conflict(id);
        const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
        await client
          .send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: manifestKey(id),
              Body: body,
              ContentLength: body.length,
              ContentMD5: createHash("md5").update(body).digest("base64"),
              ContentType: "application/json",
              IfNoneMatch: "*",
            }),
          )
          .catch((error: unknown) => {
            committedByOther = isS3PreconditionFailed(error);
            throw committedByOther ? conflict(id) : error;
          });
      } catch (error) {
        // Once another writer committed this id, the data keys are its snapshot's: keep them.
        if (!committedByOther) {
          await deleteKeys(uploaded).catch((cleanup: unknown) => {
            console.error(`snapshot ${id}: uploaded objects left invisible in ${where}:`, cleanup);
          });
        }
        throw error;
      }
      // The manifest is the commit point: if moving `latest` fails, the snapshot stays.
      await pointLatestAt(id);
      return manifest;
    },

    async readLatestSnapshotId() {
      const raw = await getText(latestKey);
      return raw === null ? null : SnapshotIdSchema.parse(raw.trim());
    },

    async listSnapshotIds() {
      const complete: { id: string; committedAt: number }[] = [];
      for await (const o of list(snapshotsPrefix)) {
        const [id, file, ...rest] = o.key.slice(snapshotsPrefix.length).split("/");
        if (file === MANIFEST_FILE && rest.length === 0 && SnapshotIdSchema.safeParse(id).success) {
          complete.push({ id: id!, committedAt: o.lastModified });
        }
      }
      return complete.sort((a, b) => a.committedAt - b.committedAt || a.id.localeCompare(b.id)).map((s) => s.id);
    },

    async verifySnapshot(snapshotId) {
      const manifest = await readManifest(snapshotId);
      const id = manifest.snapshotId;
      const sizes = new Map<string, number>();
      for await (const o of list(snapshotPrefix(id))) sizes.set(o.key.slice(snapshotPrefix(id).length), o.size);
      const listed = new Set(manifest.files.map((f) => f.name));
      const extra = [...sizes.keys()].filter((name) => name !== MANIFEST_FILE && !listed.has(name));
      if (extra.length > 0) throw new Error(`snapshot ${id} has files its manifest does not list: ${extra.join(", ")}`);
      for (const file of manifest.files) {
        const mismatch = new Error(`snapshot ${id}: ${file.name} does not match its manifest sha256`);
        if (sizes.get(file.name) !== file.bytes) throw mismatch;
        const body = await getBody(`${snapshotPrefix(id)}${file.name}`);
        if (!body) throw mismatch;
        const hash = createHash("sha256");
        let bytes = 0;
        for await (const chunk of body) {
          hash.update(chunk as Buffer);
          bytes += (chunk as Buffer).length;
        }
        if (hash.digest("hex") !== file.sha256 || bytes !== file.bytes) throw mismatch;
      }
      return manifest;
    },

    readManifest,

    localDirOf: () => null,

    async openFile(snapshotId, name) {
      const manifest = await readManifest(snapshotId);
      const missing = new AppError("not_found", `snapshot ${manifest.snapshotId} has no file ${JSON.stringify(name)}`, { name });
      if (!manifest.files.some((f) => f.name === name)) throw missing;
      const body = await getBody(`${snapshotPrefix(manifest.snapshotId)}${name}`);
      if (!body) throw missing;
      return body;
    },
  };
}
