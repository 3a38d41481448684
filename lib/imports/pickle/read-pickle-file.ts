import "server-only";
// One pickle file as an importer meets it: `trajectory.pkl.gz` or a plain `.pkl`, told apart by
// gzip's magic bytes rather than the name. Gunzipping is capped at the source's per-file limit,
// so a gzipped pickle is bounded exactly like a file read from an archive; the pickle is then
// read within its own budget (pickle-budget.ts).
import { gunzipBounded, isGzip } from "@/lib/imports/pickle/gunzip-bounded";
import { readPickle, type ReadPickleOptions } from "@/lib/imports/pickle/read-pickle";
import type { PickleValue } from "@/lib/imports/pickle/pickle-values";
import { DEFAULT_SOURCE_LIMITS, type SourceLimits } from "@/lib/imports/sources/limits";

export type ReadPickleFileOptions = ReadPickleOptions & { limits?: Pick<SourceLimits, "maxEntryBytes"> };

export async function readPickleFile(subject: string, bytes: Uint8Array, options: ReadPickleFileOptions = {}): Promise<PickleValue> {
  const { maxEntryBytes } = options.limits ?? DEFAULT_SOURCE_LIMITS;
  const pickle = isGzip(bytes) ? await gunzipBounded(subject, bytes, maxEntryBytes) : bytes;
  return readPickle(subject, pickle, options);
}
