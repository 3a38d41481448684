// Bounds on what one import source may hold. They exist for hostile or broken uploads (zip
// bombs, runaway directories); the defaults are far above any real GUI-agent dataset, so a
// legitimate import never meets them, and a refusal always names the limit it hit.
import { z } from "zod";

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

export const SourceLimitsSchema = z.object({
  /** Entries in an archive's central directory (directories included), files in a directory. */
  maxEntries: z.number().int().positive().default(2_000_000),
  /** Sum of the declared (uncompressed) sizes of every file. */
  maxTotalBytes: z.number().int().positive().default(200 * GiB),
  /** One file: `read` holds a whole file in memory, so this bounds one read's memory. */
  maxEntryBytes: z.number().int().positive().default(256 * MiB),
  /** Uncompressed / compressed size of one zip entry (checked above 1 MiB, see zip-entry-policy.ts). */
  maxCompressionRatio: z.number().positive().default(200),
});

export type SourceLimits = z.infer<typeof SourceLimitsSchema>;

export const DEFAULT_SOURCE_LIMITS: SourceLimits = SourceLimitsSchema.parse({});
