import "server-only";
// Reads a whole request body into memory only up to a bound: a declared Content-Length over it
// is refused before anything is read, and a body streamed without one is cut (and refused) the
// moment it passes the bound. For handlers that need the body in one piece (next-auth).
import type { IncomingMessage } from "node:http";
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

/**
 * The same bound for a Node.js request (a pages-router API route, lib/http/pages-project-route.ts).
 * Reading stops at the bound rather than destroying the request, so the 413 can still be sent
 * (Node.js discards what is left of the body once the reply is out).
 */
export function readBoundedNodeBody(request: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new AppError("too_large", `request body over ${maxBytes} bytes`));
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
        stop(new AppError("too_large", `request body over ${maxBytes} bytes`));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    request.on("data", onData).on("end", onEnd).on("error", stop);
  });
}
