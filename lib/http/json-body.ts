import "server-only";
// Reads a small JSON request body with a size bound (checked while reading, not trusted from
// Content-Length) and validates it with a zod schema, so no user JSON reaches the domain
// unvalidated.
import type { z } from "zod";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_JSON_BODY_BYTES): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too_large", `request body over ${maxBytes} bytes`);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError("too_large", `request body over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
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
