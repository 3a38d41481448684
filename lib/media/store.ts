// Where media bytes live. Keys are content addresses (see mediaKey), so a put of bytes that
// are already stored is a no-op and nothing is ever overwritten with other content.
// The local directory store is the default; an S3 store implements the same type.
import type { Readable } from "node:stream";

export type MediaStore = {
  put(key: string, bytes: Buffer): Promise<void>;
  has(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
};

export function mediaKey(sha256: string, ext: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}.${ext}`;
}

export function thumbnailKey(sha256: string, size: number): string {
  return `thumbs/${mediaKey(sha256, `${size}.webp`)}`;
}
