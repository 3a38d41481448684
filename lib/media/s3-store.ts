import "server-only";
// Media in an S3-compatible bucket, under an optional prefix, by the same content-addressed
// keys as the local store. A PutObject is atomic on S3 (the object appears whole or not at
// all) and carries Content-MD5, so a broken transfer is refused by the server instead of
// stored; an existing key is never written again, since its bytes are already the right ones.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { AppError } from "@/lib/errors";
import type { MediaStore } from "@/lib/media/store";
import { isS3NotFound, joinKey } from "@/lib/storage/s3-client";

const SAFE_KEY = /^[a-z0-9]+(\/[a-z0-9]+)*(\.[a-z0-9]+)*$/;

export type S3MediaLocation = { client: S3Client; bucket: string; prefix: string };

export function createS3MediaStore({ client, bucket, prefix }: S3MediaLocation): MediaStore {
  const objectKey = (key: string): string => {
    if (!SAFE_KEY.test(key)) throw new AppError("invalid_input", `invalid media key: ${key}`);
    return joinKey(prefix, key);
  };
  const notFound = (key: string) => new AppError("not_found", `media ${key} is not in s3://${joinKey(bucket, prefix)}`, { key });

  async function get(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isS3NotFound(error)) throw notFound(key);
      throw error;
    }
  }

  const store: MediaStore = {
    async put(key, bytes) {
      if (await store.has(key)) return;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: createHash("md5").update(bytes).digest("base64"),
        }),
      );
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isS3NotFound(error)) return false;
        throw error;
      }
    },
    async read(key) {
      const object = await get(key);
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async stream(key) {
      const object = await get(key);
      // In Node the SDK's body is a Readable (an IncomingMessage); its types also cover browsers.
      if (!(object.Body instanceof Readable)) throw new Error(`media ${key}: the S3 response has no readable body`);
      return object.Body;
    },
  };
  return store;
}
