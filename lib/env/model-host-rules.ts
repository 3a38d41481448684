// VERITY_MODEL_HOSTS as written: the hosts model connections may call (host, host:port or
// *.domain, comma-separated). Parsed here, beside the settings that validate it when the
// server starts; what the rules allow and refuse is lib/models/connections/model-hosts.ts.
// Pure.
export type HostRule = { host: string; port: number | null; wildcard: boolean };

/** The allow-list as written in VERITY_MODEL_HOSTS; throws naming the entry that is not a host. */
export function parseModelHosts(spec: string): HostRule[] {
  return spec
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\*\.)?(\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
      if (!match) throw new Error(`"${entry}" is not a host, host:port or *.domain`);
      return { wildcard: Boolean(match[1]), host: match[2]!.replace(/^\[|\]$/g, ""), port: match[3] ? Number(match[3]) : null };
    });
}
