import "server-only";
// Gunzips a file held in memory, counting the bytes as they come out and stopping the moment
// they pass the cap: a gzip bomb (a few hundred KiB that inflate to gigabytes) is refused after
// at most `maxBytes` of output, never at the end of memory. The cap a caller passes is the
// source's per-file limit (SourceLimits.maxEntryBytes), the same bound a file read from an
// archive already has. Concatenated gzip members are read as one stream, as gzip(1) does.
import { createGunzip } from "node:zlib";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { SourceLimitError, SourceRefusedError } from "@/lib/imports/sources/source-errors";

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export async function gunzipBounded(subject: string, gzipped: Uint8Array, maxBytes: number): Promise<Buffer> {
  const gunzip = createGunzip();
  gunzip.end(gzipped);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      const bytes = chunk as Buffer;
      total += bytes.length;
      // Leaving the loop destroys the stream: nothing more is inflated.
      if (total > maxBytes) throw new SourceLimitError(subject, `expands beyond ${describeBytes(maxBytes)} when gunzipped`);
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof SourceRefusedError) throw error;
    throw new SourceRefusedError(subject, `cannot be gunzipped (${(error as Error).message})`, { cause: error });
  }
  return Buffer.concat(chunks, total);
}
