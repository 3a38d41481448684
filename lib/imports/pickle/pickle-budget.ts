// What one pickle may cost to read. A pickle is a program: a few bytes can name one value many
// times over (the memo), nest lists as deep as it likes, or claim a length the file does not
// have. The input itself is already bounded by the source's per-file limit (and, gzipped, by
// gunzip-bounded.ts at that same limit), so these bounds are on what it expands to. The values
// are counted the way a consumer walking the result would meet them: a value the pickle refers
// to twice counts twice, so a billion-laughs memo chain is refused however small the file is.
// The defaults are far above a real trajectory (hundreds of steps of a few dozen values each)
// and tied to the source limits, so a legitimate file never meets them.
import { z } from "zod";
import { DEFAULT_SOURCE_LIMITS } from "@/lib/imports/sources/limits";

export const PickleBudgetSchema = z.object({
  /** Containers inside containers, the outermost counting 1. */
  maxDepth: z.number().int().positive().default(200),
  /** Values pushed while reading (a memo re-reference too), and values in the result, each
   * shared value counted once per place it appears. */
  maxValues: z.number().int().positive().default(2_000_000),
  /** Characters of strings plus bytes of bytes and arrays in the result, counted like values. */
  maxBytes: z.number().int().positive().default(DEFAULT_SOURCE_LIMITS.maxEntryBytes),
});

export type PickleBudget = z.infer<typeof PickleBudgetSchema>;

export const DEFAULT_PICKLE_BUDGET: PickleBudget = PickleBudgetSchema.parse({});
