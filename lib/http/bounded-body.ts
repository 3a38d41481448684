import "server-only";
// Reads a whole request body into memory only up to a bound: a declared Content-Length over it
// is refused before anything is read, and a body streamed without one is cut (and refused) the
// moment it passes the bound. For handlers that need the body in one piece (next-auth).
import { AppError } from "@/lib/errors";

export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw new AppError("too_large", `request body over ${maxBytes} bytes`);
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
  return Buffer.concat(chunks);
}
