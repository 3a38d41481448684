// A security spec's own production server: its own data dir, database, port and settings
// (import and pool roots, a trusted proxy, small budgets), seeded by seed-security.ts, so
// that an attack never disturbs the shared e2e server and each setting can be exercised.
// Plus what an attacker or a user sends it: sign-in attempts with their exact answer,
// signed-in cookies, server-action calls and route calls.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { actionId } from "../authz/client";
import { freePort } from "../fault/app-server";

const require = createRequire(path.resolve("package.json"));
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply: (value: unknown[]) => Promise<string | FormData>;
};

export const PASSWORD = "security-suite-password-1";

export type SecuritySeed = {
  users: Record<"owner" | "adminA" | "adminB" | "annotatorA" | "victim", { email: string; id: string }>;
  alphaId: string;
  betaId: string;
  betaPoolId: string;
};

export type SignInAnswer = { ok: boolean; error: string | null; cookie: string | null; setCookie: string[]; status: number };

export class SecurityServer {
  private child: ChildProcess | null = null;
  readonly dataDir: string;
  readonly env: Record<string, string>;
  seed!: SecuritySeed;
  base = "";
  output = "";

  constructor(settings: Record<string, string> = {}) {
    this.dataDir = mkdtempSync(path.join(os.tmpdir(), "verity-security-"));
    this.env = {
      VERITY_DATA_DIR: this.dataDir,
      DATABASE_URL: `file:${path.join(this.dataDir, "verity.db")}`,
      NEXTAUTH_SECRET: "",
      ...settings,
    };
  }

  get pid(): number {
    return this.child!.pid!;
  }

  /** Seeds (once) and starts the build on a free loopback port. */
  async start(): Promise<void> {
    if (!this.seed) {
      const seeded = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "tests/e2e/security/seed-security.ts"], {
        env: { ...process.env, ...this.env, SECURITY_PASSWORD: PASSWORD },
        encoding: "utf8",
      });
      if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
      this.seed = JSON.parse(seeded.stdout.trim().split("\n").pop()!) as SecuritySeed;
    }
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn("node", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
      env: { ...process.env, ...this.env, NEXTAUTH_URL: this.base },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${this.base}/login`)).ok) return;
      } catch {
        // not listening yet
      }
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not start: ${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The server's resident memory, from the kernel. */
  rssBytes(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  }

  db(): Database.Database {
    return new Database(path.join(this.dataDir, "verity.db"));
  }

  attemptSignIn(email: string, password: string, headers: Record<string, string> = {}): Promise<SignInAnswer> {
    return attemptSignIn(this.base, email, password, headers);
  }

  async signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<string> {
    const answer = await this.attemptSignIn(email, password, headers);
    if (!answer.ok || !answer.cookie) throw new Error(`sign-in of ${email} failed: ${answer.error}`);
    return answer.cookie;
  }

  action(cookie: string, file: string, name: string, args: unknown[]) {
    return callActionAt(this.base, cookie, file, name, args);
  }

  async route(cookie: string, method: string, url: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${this.base}${url}`, { method, redirect: "manual", headers: { cookie, origin: this.base, ...init.headers }, body: init.body });
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }
}

/** One sign-in attempt through next-auth's credentials callback, as the login form sends it. */
export async function attemptSignIn(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<SignInAnswer> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; "), ...headers },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const setCookie = response.headers.getSetCookie();
  const text = await response.text();
  let error: string | null = null;
  try {
    const url = new URL((JSON.parse(text) as { url: string }).url, base);
    error = url.searchParams.get("error");
  } catch {
    error = `HTTP ${response.status}: ${text.slice(0, 200)}`;
  }
  const session = setCookie.map((c) => c.split(";")[0]!).find((c) => c.includes("session-token="));
  const all = [...cookies, ...setCookie.map((c) => c.split(";")[0]!)];
  return { ok: Boolean(session) && !error, error, cookie: session ? all.join("; ") : null, setCookie, status: response.status };
}

/** Signs out the session in `cookie` through next-auth (CSRF token and all), as the sign-out button does. */
export async function signOutAt(base: string, cookie: string, query = ""): Promise<number> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const csrfCookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/signout${query}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [cookie, ...csrfCookies].join("; "), origin: base },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/login", json: "true" }),
  });
  await response.text();
  return response.status;
}

/** A server action called the way React calls it. */
export async function callActionAt(base: string, cookie: string, file: string, name: string, args: unknown[]) {
  const body = await encodeReply(args);
  const response = await fetch(`${base}/projects`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: base,
      accept: "text/x-component",
      "next-action": actionId(file, name),
      ...(typeof body === "string" ? { "content-type": "text/plain;charset=UTF-8" } : {}),
    },
    body,
  });
  const raw = await response.text();
  const row = /^1:(\{.*\})$/m.exec(raw)?.[1];
  return { status: response.status, result: row ? (JSON.parse(row) as Record<string, unknown>) : null, raw };
}

/** Whether `cookie` still opens an app page: 200, or a redirect to the sign-in page. */
export async function sessionWorks(base: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${base}/projects`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status === 200) return true;
  if (response.status >= 300 && response.status < 400 && /\/login/.test(response.headers.get("location") ?? "")) return false;
  throw new Error(`unexpected answer ${response.status} ${response.headers.get("location")}`);
}
