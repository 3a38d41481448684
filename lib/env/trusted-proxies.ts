// VERITY_TRUSTED_PROXIES: the addresses (or CIDR ranges) of the reverse proxies or load
// balancers in front of Verity. Only a request whose socket peer is one of them may name the
// client in X-Forwarded-For. Pure: the settings (index.ts) validate the value with it when the
// server starts, and lib/auth/client-address.ts asks it whom to trust.
import net from "node:net";

export type TrustedProxies = { has(address: string): boolean; readonly isEmpty: boolean };

/** "::ffff:10.0.0.1" (an IPv4 peer of a dual-stack socket) -> "10.0.0.1". */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** Throws an Error naming the first entry that is neither an address nor a CIDR range. */
export function parseTrustedProxies(spec: string): TrustedProxies {
  const list = new net.BlockList();
  const entries = spec.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = net.isIP(address ?? "");
    const bits = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(`${entry} is not an IP address or a CIDR range such as 10.0.0.0/8`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(prefix), type);
  }
  return {
    isEmpty: entries.length === 0,
    has(candidate) {
      const address = normalizeAddress(candidate);
      const family = net.isIP(address);
      return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
