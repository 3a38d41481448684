import "server-only";
// A zip upload read in place, never unpacked to disk: nothing in it can be written anywhere,
// so zip-slip names and symlinks are refused only so that no path outside the archive's own
// namespace ever reaches a caller. Opening reads the central directory once (yauzl with
// lazyEntries, one record at a time, never the file data): it refuses the whole archive when
// it declares more entries or more bytes than the limits allow, and skips, with a reason,
// every entry zip-entry-policy.ts refuses. It also refuses the whole archive when what its
// accepted entries declare, together, is out of all proportion to the archive's real size: a
// bomb of many small entries (2,000 x 1 MiB of zeros in 2 MB) passes every per-entry check,
// since the ratio check of one entry starts above 1 MiB. `read` then inflates one entry at a time.
import { stat } from "node:fs/promises";
import path from "node:path";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import type { FileSource, OpenedSource, RejectedPath } from "@/lib/imports/sources/file-source";
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from "@/lib/imports/sources/limits";
import {
  SourceEntryNotFoundError,
  SourceLimitError,
  SourceRefusedError,
} from "@/lib/imports/sources/source-errors";
import { checkSourcePath } from "@/lib/imports/sources/source-path";
import { inflateZipEntry } from "@/lib/imports/sources/zip-inflate";
import { judgeZipEntry } from "@/lib/imports/sources/zip-entry-policy";
import { createZipEntryTable, type ZipEntryTable } from "@/lib/imports/sources/zip-entry-table";

const METHOD_DEFLATED = 8;
// Below this, a whole archive may compress as well as it likes (a small file of repeated JSON
// keys); above it, its declared total must stay within the per-entry ratio limit too.
export const WHOLE_ARCHIVE_RATIO_MIN_BYTES = 64 * 1024 ** 2;

export async function openZipSource(
  zipPath: string,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
): Promise<OpenedSource> {
  const archive = path.basename(zipPath);
  const zipfile = await openArchive(zipPath, archive);
  try {
    // The end-of-central-directory record gives the count before any record is read.
    if (zipfile.entryCount > limits.maxEntries) {
      const [count, limit] = [zipfile.entryCount, limits.maxEntries].map((n) => n.toLocaleString("en-US"));
      throw new SourceLimitError(archive, `holds ${count} entries, over the ${limit} limit`);
    }
    const scan = await scanCentralDirectory(zipfile, archive, limits, (await stat(zipPath)).size);
    return { source: createZipSource(zipfile, archive, scan), rejected: scan.rejected };
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

function openArchive(zipPath: string, archive: string): Promise<ZipFile> {
  // decodeStrings off: with it on, yauzl aborts the whole listing at the first "../" name;
  // names are decoded below instead, so a bad entry is skipped and reported on its own.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false };
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, options, (error, zipfile) => {
      if (!error) return resolve(zipfile);
      // A missing or unreadable file is the caller's problem as it is; anything else is the archive's.
      if ((error as NodeJS.ErrnoException).code) return reject(error);
      reject(new SourceRefusedError(archive, `not a readable zip archive (${error.message})`, { cause: error }));
    });
  });
}

type CentralDirectoryScan = {
  table: ZipEntryTable;
  rejected: RejectedPath[];
  /** Refused entries whose names are valid paths, so `read` can say why instead of "not found". */
  refusedPaths: Map<string, string>;
};

async function scanCentralDirectory(
  zipfile: ZipFile,
  archive: string,
  limits: SourceLimits,
  archiveBytes: number,
): Promise<CentralDirectoryScan> {
  const table = createZipEntryTable(zipfile.entryCount);
  const rejected: RejectedPath[] = [];
  const refusedPaths = new Map<string, string>();
  let declaredTotal = 0;
  let acceptedTotal = 0;

  for await (const entry of readEntries(zipfile, archive)) {
    // Strict decoding (last argument): keep backslashes so the policy can refuse them.
    const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
    const verdict = judgeZipEntry(
      {
        name,
        externalFileAttributes: entry.externalFileAttributes,
        generalPurposeBitFlag: entry.generalPurposeBitFlag,
        compressionMethod: entry.compressionMethod,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
      },
      limits,
    );
    if (verdict.kind === "directory") continue;
    // Refused entries count too: the declared total is what the archive claims to be.
    declaredTotal += entry.uncompressedSize;
    const reason =
      verdict.kind === "refused"
        ? verdict.reason
        : table.has(verdict.path)
          ? "duplicate of an earlier entry with the same path"
          : null;
    if (reason !== null) {
      rejected.push({ path: name, reason });
      const checked = checkSourcePath(name);
      if ("path" in checked) refusedPaths.set(checked.path, reason);
    } else if (verdict.kind === "file") {
      acceptedTotal += entry.uncompressedSize;
      table.add(verdict.path, {
        localHeaderOffset: entry.relativeOffsetOfLocalHeader,
        compressedSize: entry.compressedSize,
        size: entry.uncompressedSize,
        isDeflated: entry.compressionMethod === METHOD_DEFLATED,
        crc32: entry.crc32,
      });
    }
  }

  if (declaredTotal > limits.maxTotalBytes) {
    const [declared, limit] = [declaredTotal, limits.maxTotalBytes].map(describeBytes);
    throw new SourceLimitError(archive, `declares ${declared} uncompressed, over the ${limit} limit`);
  }
  const ratio = acceptedTotal / Math.max(1, archiveBytes);
  if (acceptedTotal > WHOLE_ARCHIVE_RATIO_MIN_BYTES && ratio > limits.maxCompressionRatio) {
    const sizes = `${describeBytes(acceptedTotal)} from ${describeBytes(archiveBytes)}`;
    throw new SourceLimitError(archive, `compresses ${Math.round(ratio)}:1 as a whole (${sizes}), over the ${limits.maxCompressionRatio}:1 ratio limit`);
  }
  return { table, rejected, refusedPaths };
}

async function* readEntries(zipfile: ZipFile, archive: string): AsyncGenerator<Entry> {
  try {
    yield* zipfile.eachEntry();
  } catch (error) {
    // yauzl stops at a broken central directory (bad signature, stored sizes that disagree):
    // nothing after that point can be trusted, so the archive as a whole is refused.
    throw new SourceRefusedError(archive, `corrupt central directory (${(error as Error).message})`, {
      cause: error,
    });
  }
}

function createZipSource(zipfile: ZipFile, archive: string, scan: CentralDirectoryScan): FileSource {
  const { table, refusedPaths } = scan;
  let isClosed = false;

  return {
    kind: "zip",
    async *list() {
      yield* table.files();
    },
    async has(requested) {
      const checked = checkSourcePath(requested);
      return "path" in checked && table.has(checked.path);
    },
    async read(requested) {
      if (isClosed) throw new Error(`${archive}: source is closed`);
      const checked = checkSourcePath(requested);
      if ("refused" in checked) throw new SourceRefusedError(requested, checked.refused);
      const location = table.get(checked.path);
      if (location) return inflateZipEntry(zipfile, checked.path, location);
      const refusal = refusedPaths.get(checked.path);
      if (refusal !== undefined) throw new SourceRefusedError(checked.path, refusal);
      throw new SourceEntryNotFoundError(checked.path, archive);
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      zipfile.close();
    },
  };
}
