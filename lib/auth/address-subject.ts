// What a per-address sign-in limit counts: one IPv4 address, or one IPv6 /64. A single IPv6
// subscriber is routinely given a whole /64 (RFC 6177 recommends /56 or /48 per site, and SLAAC
// needs at least a /64), so keying by the full /128 would let one network mint 2^64 fresh
// "addresses", each starting every limit from zero. Pure.
import net from "node:net";
import { normalizeAddress } from "@/lib/env/trusted-proxies";

/** The eight 16-bit groups of an IPv6 address (a zone id and an embedded IPv4 tail allowed). */
function ipv6Groups(address: string): number[] | null {
  const bare = address.split("%")[0]!;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted) {
    const octets = dotted[1]!.split(".").map(Number);
    text = `${bare.slice(0, -dotted[1]!.length)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key a per-address limit uses for `address`: an IPv4 address as it is (IPv4-mapped IPv6
 * included), an IPv6 address as its /64 ("2001:db8:1:2::/64"), and anything else unchanged
 * (the client-address reader's "unknown").
 */
export function addressSubject(address: string): string {
  const normalized = normalizeAddress(address);
  if (net.isIP(normalized.split("%")[0]!) !== 6) return normalized;
  const groups = ipv6Groups(normalized);
  if (!groups) return normalized;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}
