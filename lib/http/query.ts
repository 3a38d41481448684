import "server-only";
// A route's query string, validated with its zod schema: a bad parameter is a 400 that names it.
import type { z } from "zod";
import { AppError } from "@/lib/errors";

export function parseQuery<S extends z.ZodType>(params: URLSearchParams, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "query"}: ${i.message}`);
    throw new AppError("invalid_input", where.join("; "));
  }
  return parsed.data;
}
