import "server-only";
// Inflates one accepted entry into memory. The central directory already bounded the declared
// size (zip-entry-policy.ts); here the bytes are counted as they arrive and the stream is cut
// the moment it passes the declared size, so an archive that lies about its sizes is stopped
// at the size it declared, never at the end of memory. The CRC-32 is checked too (yauzl does
// not), so a corrupt entry is refused instead of imported as a broken image.
import { crc32 } from "node:zlib";
import type { Readable } from "node:stream";
import yauzl, { type ZipFile } from "yauzl";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { SourceRefusedError } from "@/lib/imports/sources/source-errors";
import type { ZipEntryLocation } from "@/lib/imports/sources/zip-entry-table";

export async function inflateZipEntry(zipfile: ZipFile, path: string, location: ZipEntryLocation): Promise<Buffer> {
  const declared = describeBytes(location.size);
  // One allocation of the declared size (already under the per-file limit) instead of a
  // chunk list and a concat that would briefly hold the entry twice.
  const out = Buffer.allocUnsafe(location.size);
  let received = 0;
  let crc = 0;
  try {
    for await (const chunk of await openEntryStream(zipfile, location)) {
      const bytes = chunk as Buffer;
      if (received + bytes.length > location.size) {
        throw new SourceRefusedError(path, `inflates past its declared ${declared}`);
      }
      bytes.copy(out, received);
      received += bytes.length;
      crc = crc32(bytes, crc);
    }
  } catch (error) {
    if (error instanceof SourceRefusedError) throw error;
    throw new SourceRefusedError(path, `cannot be inflated (${(error as Error).message})`, { cause: error });
  }
  if (received !== location.size) {
    throw new SourceRefusedError(path, `ends after ${describeBytes(received)} of its declared ${declared}`);
  }
  if (crc >>> 0 !== location.crc32) throw new SourceRefusedError(path, "fails its CRC-32 check");
  return out;
}

async function openEntryStream(zipfile: ZipFile, location: ZipEntryLocation): Promise<Readable> {
  // The table keeps only what these two calls need; yauzl reads nothing else from the Entry.
  const entry = Object.assign(new yauzl.Entry(), {
    relativeOffsetOfLocalHeader: location.localHeaderOffset,
    compressedSize: location.compressedSize,
  });
  const { fileDataStart } = await zipfile.readLocalFileHeaderPromise(entry, { minimal: true });
  // With validateEntrySizes (set at open) yauzl also errors past the declared size: two
  // independent guards on the one number the limits were checked against. The callback form,
  // because yauzl 3.4.0's openReadStreamLowLevelPromise calls openReadStream by mistake.
  return new Promise((resolve, reject) => {
    zipfile.openReadStreamLowLevel(
      fileDataStart,
      location.compressedSize,
      0,
      location.compressedSize,
      location.isDeflated,
      location.size,
      (error, stream) => (error ? reject(error) : resolve(stream)),
    );
  });
}
