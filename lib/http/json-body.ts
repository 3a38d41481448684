import "server-only";
// Reads a small JSON request body with a size bound (checked while reading, not trusted from
// Content-Length) and validates it with a zod schema, so no user JSON reaches the domain
// unvalidated.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { readBoundedBody } from "@/lib/http/bounded-body";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_JSON_BODY_BYTES): Promise<z.infer<S>> {
  return parseJsonBody(await readBoundedBody(request, maxBytes), schema);
}

/** A body already read (within its bound), parsed as JSON and validated, or a 400 saying where it is wrong. */
export function parseJsonBody<S extends z.ZodType>(body: Uint8Array, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw new AppError("invalid_input", "the request body is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
    throw new AppError("invalid_input", where.join("; "));
  }
  return parsed.data;
}
