import "server-only";
// Reads a whole request body into memory only up to a bound: a declared Content-Length over it
// is refused before anything is read, and a body streamed without one is cut (and refused) the
// moment it passes the bound. For handlers that need the body in one piece (next-auth).
import type { IncomingMessage } from "node:http";
import { AppError } from "@/lib/errors";

const overBound = (maxBytes: number) => new AppError("too_large", `request body over ${maxBytes} bytes`);

/** Refuses a declared Content-Length over the bound, before anything is read. */
function assertDeclaredWithin(contentLength: string | null | undefined, maxBytes: number): void {
  const declared = Number(contentLength ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw overBound(maxBytes);
}

export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  assertDeclaredWithin(request.headers.get("content-length"), maxBytes);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw overBound(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The same bound for a Node.js request (a pages-router API route, lib/http/pages-project-route.ts).
 * Reading stops at the bound rather than destroying the request, so the 413 can still be sent
 * (Node.js discards what is left of the body once the reply is out).
 */
export async function readBoundedNodeBody(request: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  assertDeclaredWithin(request.headers["content-length"], maxBytes);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error?: Error) => {
      request.off("data", onData).off("end", onEnd).off("error", stop);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.pause();
        stop(overBound(maxBytes));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    request.on("data", onData).on("end", onEnd).on("error", stop);
  });
}
