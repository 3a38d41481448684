// Runs `npm start` against an empty data dir on a free loopback port, waits for the printed
// sign-in, signs in with it through the API and stops the server. Proves the README's first
// command works from nothing (CI runs it before `npm test`).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-smoke-"));
const child = spawn("npm", ["start"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), VERITY_DATA_DIR: dataDir, DATABASE_URL: "", NEXTAUTH_URL: `http://127.0.0.1:${port}` },
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});

let output = "";
const stop = () => {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
};
const timer = setTimeout(() => {
  console.error(`smoke: npm start did not print the sign-in within 5 minutes\n${output}`);
  stop();
  process.exit(1);
}, 300_000);

child.stdout.on("data", async (chunk) => {
  output += chunk;
  const password = /Password\s+(\S+)/.exec(output)?.[1];
  const email = /Sign in as\s+(\S+)/.exec(output)?.[1];
  if (!password || !email || child.checked) return;
  child.checked = true;
  clearTimeout(timer);
  const base = `http://127.0.0.1:${port}`;
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrfResponse.json();
  const cookie = csrfResponse.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const login = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const sessionCookie = login.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  const page = sessionCookie
    ? await fetch(`${base}/projects/demo`, { headers: { cookie: sessionCookie.split(";")[0] } })
    : null;
  const html = page ? await page.text() : "";
  stop();
  if (!page || page.status !== 200 || !html.includes("Demo: phone settings and shopping")) {
    console.error(`smoke: signing in with the printed password did not show the demo project (status ${page?.status})`);
    process.exit(1);
  }
  console.log(`smoke: npm start served the demo project and the printed sign-in works`);
  process.exit(0);
});
