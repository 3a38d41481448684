// The installed framework versions are at least the patched ones security/dependency-policy.json
// names, so a lockfile downgrade (or a stale install) fails the test suite, not production.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Policy = { minimumVersions: Record<string, { version: string; advisories: string[] }> };
const policy = JSON.parse(readFileSync(path.resolve("security/dependency-policy.json"), "utf8")) as Policy;

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split("-")[0]!.split(".").map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

describe("patched framework versions", () => {
  it("compares versions numerically, not as text", () => {
    expect(compareVersions("16.10.0", "16.9.9")).toBeGreaterThan(0);
    expect(compareVersions("19.2.2", "19.2.3")).toBeLessThan(0);
    expect(compareVersions("4.24.15", "4.24.5")).toBeGreaterThan(0);
  });

  for (const [name, floor] of Object.entries(policy.minimumVersions)) {
    it(`${name} is at least ${floor.version}`, () => {
      const installed = (JSON.parse(readFileSync(path.resolve("node_modules", name, "package.json"), "utf8")) as { version: string }).version;
      const pinned = (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies[name];
      expect(pinned, `${name} is pinned to an exact version`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(compareVersions(installed, floor.version), `${name} ${installed} < ${floor.version}: ${floor.advisories.join("; ")}`).toBeGreaterThanOrEqual(0);
    });
  }
});
