// Route handlers in Next.js never see the socket, and Next.js itself copies a client's own
// X-Forwarded-For through untouched; so every incoming request is stamped here, before Next.js
// reads it, with the address of the socket's peer under PEER_ADDRESS_HEADER, replacing any
// header of that name the client sent. lib/auth/client-address.ts trusts only this stamp (and
// X-Forwarded-For only when the stamp names a trusted proxy). Installed once per process by
// instrumentation.ts; without it the address is "unknown", never a client's header.
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

export const PEER_ADDRESS_HEADER = "x-verity-peer-address";

const marker = globalThis as unknown as { verityPeerStamp?: boolean };

export function stampPeerAddresses(): void {
  if (marker.verityPeerStamp) return;
  marker.verityPeerStamp = true;
  for (const server of [http.Server.prototype, https.Server.prototype] as { emit: (event: string | symbol, ...args: unknown[]) => boolean }[]) {
    const emit = server.emit;
    server.emit = function stampedEmit(this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const request = args[0] as IncomingMessage;
        request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
      }
      return emit.call(this, event, ...args);
    };
  }
}
