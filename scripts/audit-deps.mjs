// CI's dependency audit: `npm audit` on the production dependencies, failing on a high or
// critical advisory unless security/dependency-policy.json allows it (with a reason and an
// expiry date). When the registry has no audit endpoint (a mirror answers 405/404), say so
// loudly and rely on the version floors tests/unit/security/dependencies.test.ts enforces.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const policy = JSON.parse(readFileSync(new URL("../security/dependency-policy.json", import.meta.url), "utf8"));
const allowed = new Map(policy.auditAllowList.map((entry) => [String(entry.id), entry]));
const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.warn(`audit-deps: npm audit gave no report (${run.stderr.trim().split("\n").pop() ?? "no output"}); version floors still apply.`);
  process.exit(0);
}
if (report.error || report.message) {
  console.warn(`audit-deps: the registry's audit endpoint is unavailable (${report.message ?? report.error.summary}); version floors still apply.`);
  process.exit(0);
}
const now = new Date();
const blocking = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
  if (!["high", "critical"].includes(vulnerability.severity)) continue;
  for (const via of vulnerability.via.filter((v) => typeof v === "object")) {
    const entry = allowed.get(String(via.source)) ?? allowed.get(via.url);
    if (entry && new Date(entry.until) > now) continue;
    blocking.push(`${name}: ${via.title} (${via.url})${entry ? ` — allow-list entry expired ${entry.until}` : ""}`);
  }
}
if (blocking.length) {
  console.error(`audit-deps: ${blocking.length} high/critical advisories:\n  ${blocking.join("\n  ")}`);
  process.exit(1);
}
console.log(`audit-deps: no unaccepted high/critical advisories (${Object.keys(report.vulnerabilities ?? {}).length} packages with lower or accepted findings).`);
