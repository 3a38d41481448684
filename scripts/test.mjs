// `npm test`: every tier, each runner printing its own summary, then one closing line with
// the totals. Starts what the tiers need and stops it again: a throwaway PostgreSQL for the
// db tier (unless VERITY_TEST_PG_URL is given), a production build, a migrated and seeded
// temp data dir and a server on a free loopback port for the e2e tier.
//   node scripts/test.mjs [unit] [db] [e2e]     (default: all three)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startThrowawayPostgres } from "./pg-throwaway.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
// `node scripts/test.mjs e2e -- tests/e2e/queues.spec.ts`: what follows `--` narrows the run to
// those files (passed to vitest and Playwright as given).
const separator = process.argv.indexOf("--");
const tierArgs = process.argv.slice(2, separator === -1 ? undefined : separator);
const fileArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
const tiers = tierArgs.length ? tierArgs : ["unit", "db", "e2e"];
const unknown = tiers.filter((t) => !["unit", "db", "e2e"].includes(t));
if (unknown.length) {
  console.error(`unknown tier: ${unknown.join(", ")} (use unit, db, e2e)`);
  process.exit(2);
}

const baseEnv = { ...process.env, CHECKPOINT_DISABLE: "1", NEXT_TELEMETRY_DISABLED: "1" };
const scratch = mkdtempSync(path.join(os.tmpdir(), "verity-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const cleanups = [];
let failedTier = false;

function run(cmd, args, env = baseEnv) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  return result.status ?? 1;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function addVitestCounts(file) {
  if (!existsSync(file)) return false;
  const report = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  return true;
}

function addPlaywrightCounts(file) {
  if (!existsSync(file)) return false;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  return true;
}

async function vitestTiers(projects) {
  const env = { ...baseEnv };
  if (projects.includes("db") && !env.VERITY_TEST_PG_URL) {
    const pg = await startThrowawayPostgres();
    cleanups.push(() => pg.stop());
    env.VERITY_TEST_PG_URL = pg.url;
  }
  const report = path.join(scratch, "vitest.json");
  const args = ["run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...fileArgs];
  const status = run(bin("vitest"), args, env);
  if (!addVitestCounts(report)) totals.failed += 1;
  if (status !== 0) failedTier = true;
}

async function e2eTier() {
  if (!existsSync("/usr/bin/chromium")) {
    console.error("e2e: /usr/bin/chromium is missing: apt-get install -y chromium");
    totals.failed += 1;
    failedTier = true;
    return;
  }
  if (run(bin("next"), ["build"]) !== 0) {
    console.error("e2e: the production build failed");
    totals.failed += 1;
    failedTier = true;
    return;
  }
  const dataDir = path.join(scratch, "e2e-data");
  const env = { ...baseEnv, VERITY_DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "verity.db")}` };
  delete env.NEXTAUTH_SECRET;
  if (run("node", ["--conditions=react-server", "--import", "tsx", "tests/e2e/seed.ts"], env) !== 0) {
    console.error("e2e: seeding the test data dir failed");
    totals.failed += 1;
    failedTier = true;
    return;
  }
  const report = path.join(scratch, "playwright.json");
  const port = await freePort();
  const status = run(bin("playwright"), ["test", "--reporter=list,json", ...fileArgs], {
    ...env,
    VERITY_E2E_PORT: String(port),
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (!addPlaywrightCounts(report)) totals.failed += 1;
  if (status !== 0) failedTier = true;
}

// The tests on the public fixtures skip themselves without them (tests/support/public-fixtures.ts);
// this is the one line that says so.
if (!existsSync(path.resolve(root, "../shared/fixtures"))) {
  console.log("Skipping the tests on the public fixtures: ../shared/fixtures is absent (the import tests run on generated fixtures).");
}

try {
  const vitestProjects = tiers.filter((t) => t !== "e2e");
  if (vitestProjects.length) await vitestTiers(vitestProjects);
  if (tiers.includes("e2e")) await e2eTier();
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(`cleanup failed: ${error.message}`);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\ntiers ${tiers.join(", ")}: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedTier || totals.failed > 0 ? 1 : 0);
