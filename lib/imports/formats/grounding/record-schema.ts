// Zod pieces shared by the grounding record schemas, and the one way a failed validation
// becomes a Rejection. Reasons name the field ("bbox: expected 4 numbers, got 3") so an admin
// can find the record in the source file. Shapes only: whether a box is inverted or inside
// the image is the writer's call, because the right answer depends on the coordinate
// contract, which the import preview can still change.
import "server-only";
import { z } from "zod";
import type { ImageSize } from "@/lib/domain/coordinates";
import type { Rejection, SourceLocation } from "@/lib/imports/records";

/** Exactly `count` finite numbers (zod 4's z.number() already refuses NaN and Infinity). */
export function numbers(count: number) {
  return z
    .array(z.number())
    .refine((values) => values.length === count, {
      error: (issue) => `expected ${count} numbers, got ${(issue.input as unknown[]).length}`,
      // Later checks (e.g. "positive") would only repeat the complaint about a wrong length.
      abort: true,
    });
}

/** `[w, h]` as ScreenSpot-Pro's img_size and OSWorld-G's image_size write it. */
export const SizePairSchema = numbers(2).refine(([w, h]) => (w ?? 0) > 0 && (h ?? 0) > 0, {
  error: "expected a positive width and height",
});

export function sizeFromPair(pair: readonly number[] | null | undefined): ImageSize | null {
  if (!pair) return null;
  const [width, height] = pair;
  return width !== undefined && height !== undefined ? { width, height } : null;
}

export const InstructionSchema = z.string().trim().min(1, "must not be empty");

// Sources write null, "" or omit a field to mean "not given"; all three become null. A
// default and an overwrite rather than a transform: zod parses an object of fields without
// transforms on its fast path, and this schema is most of the fields of a grounding record
// (ScreenSpot-Pro's schema parsed in 3.2 instead of 6.5 µs).
export const OptionalTextSchema = z
  .string()
  .nullish()
  .default(null)
  .overwrite((value) => (value === null || value.trim() === "" ? null : value));

/** Source ids are strings or numbers in the wild; kept as the string the source wrote, and a
 * blank one counts as absent (the record is then keyed by content). */
export const SourceIdSchema = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === undefined || value === null || String(value).trim() === "" ? null : String(value)));

const MAX_ISSUES = 5;

export function rejectionFromZod(location: SourceLocation, error: z.ZodError): Rejection {
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "record";
    return `${field}: ${issue.message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return {
    type: "rejected",
    location,
    reason: more > 0 ? `${issues.join("; ")}; and ${more} more` : issues.join("; "),
  };
}

/** Only the fields that carry something; null when none does, as SampleRecord.extra expects. */
export function compactExtra(fields: Record<string, unknown>): Record<string, unknown> | null {
  let kept: Record<string, unknown> | null = null;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value !== null && value !== undefined) (kept ??= {})[key] = value;
  }
  return kept;
}
