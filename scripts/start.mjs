// `npm start`: from a fresh clone to a running Verity. Installs what is missing, applies
// migrations, creates the owner and the demo project on first run, builds when the sources
// are newer than the build, serves on http://localhost:3000 (PORT to change) and prints
// how to sign in.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const env = {
  ...process.env,
  CHECKPOINT_DISABLE: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}`,
};

function step(label, cmd, args) {
  console.log(`\n▸ ${label}`);
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) {
    if (child === "generated" || child === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const lockfile = path.join(root, "package-lock.json");
const installed = path.join(root, "node_modules/.package-lock.json");
if (!existsSync(installed) || statSync(lockfile).mtimeMs > statSync(installed).mtimeMs) {
  step("Installing dependencies (npm ci)", "npm", ["ci", "--no-audit", "--no-fund"]);
}
if (!existsSync(path.join(root, "lib/generated/sqlite/client.ts"))) {
  step("Generating the database clients", "npm", ["run", "-s", "prisma:generate"]);
}

console.log("\n▸ Applying migrations and preparing the demo project");
const setup = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", "setup"], {
  cwd: root,
  env,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (setup.status !== 0) {
  console.error("\n✗ Setup failed: see the message above.");
  process.exit(1);
}
const signIn = Object.fromEntries(
  setup.stdout.split("\n").filter((l) => l.startsWith("SIGN_IN_")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
);

const sources = ["app", "components", "lib", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.js", "postcss.config.mjs", "package-lock.json", "tsconfig.json"];
const buildId = path.join(root, ".next/BUILD_ID");
const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
if (built === 0 || Math.max(...sources.map(newestMtime)) > built) {
  step("Building the app (next build)", path.join(root, "node_modules/.bin/next"), ["build"]);
}

console.log(`\n▸ Starting Verity on http://localhost:${port}`);
const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", port, "-H", host], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready in/.test(String(chunk))) {
    announced = true;
    console.log(`
┌──────────────────────────────────────────────────────────────
│ Verity is running: http://localhost:${port}
│ Sign in as  ${signIn.SIGN_IN_EMAIL}
│ Password    ${signIn.SIGN_IN_PASSWORD}
│ (kept in ${signIn.SIGN_IN_FILE})
└──────────────────────────────────────────────────────────────`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
