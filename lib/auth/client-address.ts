// Who is signing in, for the per-address limits: the socket's peer address (stamped on every
// request by lib/auth/peer-address.ts, overwriting anything a client sent under that name),
// unless the peer is a configured trusted proxy; then the right-most X-Forwarded-For entry
// that is not itself a trusted proxy (entries to its left were written by the client and
// prove nothing). Never a header value the client alone controls. The limits count what this
// returns by lib/auth/address-subject.ts (an IPv6 client by its /64), so the full address stays
// here for the trusted-proxy checks.
import net from "node:net";
import { normalizeAddress, type TrustedProxies } from "@/lib/env/trusted-proxies";

export function clientAddress(request: { peer: string | null; forwardedFor: string | null }, trusted: TrustedProxies): string {
  if (!request.peer) return "unknown";
  const peer = normalizeAddress(request.peer);
  if (!trusted.has(peer) || !request.forwardedFor) return peer;
  const hops = request.forwardedFor.split(",").map(normalizeAddress).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // A proxy that appends something other than an address is not doing its job: fall back
    // to the one address the socket proves.
    if (!net.isIP(hop)) return peer;
    if (!trusted.has(hop)) return hop;
  }
  return hops[0] ?? peer;
}
