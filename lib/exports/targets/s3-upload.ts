// Uploads one snapshot file to S3 and returns its sha256 and size. S3 wants the length of a
// body before it starts, so streamed content is first spooled to a temp file (hashed on the
// way), never gathered in memory; files larger than one part go up as a multipart upload read
// back from the spool in ranges. Content-MD5 makes the server refuse a body damaged in transit.
import "server-only";
import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { contentChunks, uploadDigest } from "@/lib/exports/snapshot-content";
import type { SnapshotFileContent } from "@/lib/exports/targets/pool-target";

// S3 allows 10,000 parts of at least 5 MiB; 64 MiB parts reach 640 GB per file.
export const DEFAULT_PART_BYTES = 64 * 1024 * 1024;

export type S3Upload = { client: S3Client; bucket: string; partBytes: number };

export async function uploadSnapshotFile(upload: S3Upload, key: string, content: SnapshotFileContent): Promise<{ sha256: string; bytes: number }> {
  if (typeof content === "string" || Buffer.isBuffer(content)) {
    const body = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const digest = uploadDigest();
    digest.update(body);
    const { sha256, md5, bytes } = digest.result();
    await upload.client.send(new PutObjectCommand({ Bucket: upload.bucket, Key: key, Body: body, ContentLength: bytes, ContentMD5: md5 }));
    return { sha256, bytes };
  }
  const spoolDir = await mkdtemp(path.join(os.tmpdir(), "verity-s3-spool-"));
  try {
    const spool = path.join(spoolDir, "content");
    const { sha256, md5, bytes } = await spoolContent(spool, content);
    if (bytes <= upload.partBytes) {
      await upload.client.send(
        new PutObjectCommand({ Bucket: upload.bucket, Key: key, Body: createReadStream(spool), ContentLength: bytes, ContentMD5: md5 }),
      );
    } else {
      await uploadInParts(upload, key, spool, bytes);
    }
    return { sha256, bytes };
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

async function spoolContent(file: string, content: SnapshotFileContent) {
  const handle = await open(file, "wx", 0o600);
  const digest = uploadDigest();
  try {
    for await (const chunk of contentChunks(content)) {
      digest.update(chunk);
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return digest.result();
}

async function uploadInParts(upload: S3Upload, key: string, spool: string, bytes: number): Promise<void> {
  const { client, bucket, partBytes } = upload;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  try {
    const parts: { PartNumber: number; ETag: string | undefined }[] = [];
    for (let start = 0, number = 1; start < bytes; start += partBytes, number++) {
      const length = Math.min(partBytes, bytes - start);
      const body = createReadStream(spool, { start, end: start + length - 1 });
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: number, Body: body, ContentLength: length }),
      );
      parts.push({ PartNumber: number, ETag });
    }
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
  } catch (error) {
    // Uploaded parts are invisible (no object exists until Complete) but billed; best effort.
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
    throw error;
  }
}
