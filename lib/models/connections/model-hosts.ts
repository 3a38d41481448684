// Where a model connection may point. VERITY_MODEL_HOSTS (comma-separated) lists the hosts an
// admin may name: `gpu-01`, `gpu-01:8000`, `*.inference.example.com`, `10.0.0.7`. Unset, any
// host is allowed except the ones no model server lives on and that an attacker with an admin
// role would aim at: link-local addresses (169.254.0.0/16, which holds every cloud's metadata
// service, and fe80::/10) and the metadata host names. Checked when a connection is saved and
// again before every request (the list can change after a connection was saved), on the name
// and on each address it resolves to, so a name that resolves to a metadata address is refused.
// A name can still resolve differently between our lookup and the request's own (DNS
// rebinding); the allow-list is the defence for deployments that need one.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "@/lib/errors";
import type { HostRule } from "@/lib/env/model-host-rules";

const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal"]);

function isLinkLocal(address: string): boolean {
  const v = isIP(address);
  if (v === 4) return address.startsWith("169.254.");
  if (v === 6) {
    const lower = address.toLowerCase();
    if (/^fe[89ab][0-9a-f]:/.test(lower)) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    return mapped ? mapped[1]!.startsWith("169.254.") : lower === "fd00:ec2::254";
  }
  return false;
}

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80);

function allowedByRules(url: URL, rules: HostRule[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return rules.some((rule) => {
    const hostMatches = rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
    return hostMatches && (rule.port === null || rule.port === defaultPort(url));
  });
}

/**
 * Throws AppError(forbidden) when `baseUrl` may not be called under `rules` (the parsed
 * VERITY_MODEL_HOSTS; empty: the default rules above). `resolve` looks the name up (tests and the
 * save form pass one that does not, when only the name is to be checked).
 */
export async function assertModelHostAllowed(
  baseUrl: string,
  rules: HostRule[],
  resolve: (host: string) => Promise<string[]> = async (host) => (await lookup(host, { all: true })).map((a) => a.address),
): Promise<void> {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const refuse = (why: string) => {
    throw new AppError("forbidden", `${url.host} is not a host model connections may call: ${why}`);
  };
  if (rules.length > 0) {
    if (!allowedByRules(url, rules)) refuse("it is not in VERITY_MODEL_HOSTS");
    return;
  }
  if (METADATA_NAMES.has(host)) refuse("it is a cloud metadata service");
  if (isLinkLocal(host)) refuse("it is a link-local address (cloud metadata services live there)");
  if (isIP(host)) return;
  let addresses: string[] = [];
  try {
    addresses = await resolve(host);
  } catch {
    return; // an unknown name fails at the request, as "unreachable", with the server's own words
  }
  const bad = addresses.find(isLinkLocal);
  if (bad) refuse(`it resolves to the link-local address ${bad} (cloud metadata services live there)`);
}
