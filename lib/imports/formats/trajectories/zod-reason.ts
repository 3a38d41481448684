// Turns a zod error into a rejection reason that names the offending field, because the
// import report is read by people fixing their source files, not by developers.
import type { z } from "zod";

const MAX_ISSUES = 3;

export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join(".") : "record";
    return `field "${field}": ${issue.message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return more > 0 ? `${parts.join("; ")} (and ${more} more)` : parts.join("; ");
}
