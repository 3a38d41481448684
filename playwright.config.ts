// e2e against the production build on a free loopback port, with a migrated and seeded temp
// data dir. Run through `npm test` (scripts/test.mjs), which prepares both.
import { defineConfig } from "@playwright/test";

const port = process.env.VERITY_E2E_PORT;
const dataDir = process.env.VERITY_DATA_DIR;
if (!port || !dataDir) throw new Error("run the e2e tier through `npm test` or `npm run test:e2e` (scripts/test.mjs)");
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous: CI shares two cores with the server and the database, and a test must stay
  // green on a loaded machine (no test asserts a time).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results/e2e",
  use: {
    baseURL,
    // English unless a test asks for another language (tests/e2e/i18n.spec.ts): the UI follows
    // Accept-Language, and the machine's own locale must not decide what the specs read.
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "setup", testMatch: /sign-in\.setup\.ts/ },
    { name: "chromium", dependencies: ["setup"], testMatch: /\.spec\.ts/ },
  ],
  webServer: {
    command: `node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, NEXTAUTH_URL: baseURL } as Record<string, string>,
  },
});
