// Which central-directory entries a zip source will ever inflate, decided from the central
// directory record alone, before any file data is read: a zip-slip name, a symlink or a zip
// bomb costs nothing but its 46-byte record. Refused entries are skipped and reported; the
// rest of the archive stays importable.
//
// The compression-ratio check starts above RATIO_CHECK_MIN_BYTES: a small file of blank
// pixels or repeated XML can legitimately compress past 200:1, and an entry that small cannot
// hurt anyone whatever its ratio. Bombs need size, and size is where the ratio is checked.
import { checkSourcePath } from "@/lib/imports/sources/source-path";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import type { SourceLimits } from "@/lib/imports/sources/limits";

export const RATIO_CHECK_MIN_BYTES = 1024 ** 2;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const FLAG_ENCRYPTED = 0x1;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;

export type ZipEntryFacts = {
  /** The decoded name, backslashes kept as written. */
  name: string;
  externalFileAttributes: number;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
};

export type ZipEntryVerdict =
  | { kind: "file"; path: string }
  | { kind: "directory" }
  | { kind: "refused"; reason: string };

export function judgeZipEntry(entry: ZipEntryFacts, limits: SourceLimits): ZipEntryVerdict {
  const checked = checkSourcePath(entry.name);
  if ("refused" in checked) return { kind: "refused", reason: checked.refused };

  // Unix mode lives in the high 16 bits; DOS-made archives leave it 0, which is no type at all.
  const fileType = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (fileType === S_IFLNK) return { kind: "refused", reason: "symbolic link" };
  if (entry.name.endsWith("/") || fileType === S_IFDIR) return { kind: "directory" };

  if (entry.generalPurposeBitFlag & FLAG_ENCRYPTED) return { kind: "refused", reason: "encrypted entry" };
  if (entry.compressionMethod !== METHOD_STORED && entry.compressionMethod !== METHOD_DEFLATED) {
    return {
      kind: "refused",
      reason: `unsupported compression method ${entry.compressionMethod} (only stored and deflate are read)`,
    };
  }

  const declared = describeBytes(entry.uncompressedSize);
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    const limit = describeBytes(limits.maxEntryBytes);
    return { kind: "refused", reason: `declares ${declared} uncompressed, over the ${limit} per-file limit` };
  }
  if (entry.uncompressedSize > RATIO_CHECK_MIN_BYTES) {
    const ratio = entry.compressedSize === 0 ? Infinity : entry.uncompressedSize / entry.compressedSize;
    if (ratio > limits.maxCompressionRatio) {
      const shown = Number.isFinite(ratio) ? `${Math.round(ratio)}:1` : "without bound";
      const sizes = `${declared} from ${describeBytes(entry.compressedSize)}`;
      return {
        kind: "refused",
        reason: `compresses ${shown} (${sizes}), over the ${limits.maxCompressionRatio}:1 ratio limit`,
      };
    }
  }
  return { kind: "file", path: checked.path };
}
