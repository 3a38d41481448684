// The production build run as a separate process the test can kill -9 and start again on the
// same data, plus sign-in and server-action calls against it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { actionId } from "../authz/client";

const require = createRequire(path.resolve("package.json"));
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply: (value: unknown[]) => Promise<string | FormData>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type AppEnv = { VERITY_DATA_DIR: string; DATABASE_URL: string };

export function seedFaultData(appEnv: AppEnv, password: string, samples: number, verified = 0): { projectId: string; email: string; sampleIds: string[] } {
  const result = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "tests/e2e/fault/seed-fault.ts"], {
    env: { ...process.env, ...appEnv, FAULT_PASSWORD: password, FAULT_SAMPLES: String(samples), FAULT_VERIFIED: String(verified), NEXTAUTH_SECRET: "" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!);
}

export class AppServer {
  private child: ChildProcess | null = null;
  readonly base: string;
  stderr = "";

  constructor(
    private readonly port: number,
    private readonly appEnv: AppEnv & Record<string, string>,
    private readonly nodeArgs: string[] = [],
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.child = spawn("node", [...this.nodeArgs, "node_modules/next/dist/bin/next", "start", "-p", String(this.port), "-H", "127.0.0.1"], {
      // No NEXTAUTH_SECRET unless the test gives one (replicas share one): the app then makes
      // and keeps its own in the data dir.
      env: { ...process.env, NEXTAUTH_SECRET: "", ...this.appEnv, NEXTAUTH_URL: this.base },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Both streams, for the test to show when something went wrong.
    this.child.stdout!.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${this.base}/login`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not start: ${this.stderr}`);
  }

  /** The server's process id (the load test reads its CPU time), null when stopped. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** kill -9: no chance to flush, close or finish anything. */
  async crash(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  async signIn(email: string, password: string): Promise<string> {
    const csrf = await fetch(`${this.base}/api/auth/csrf`);
    const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${this.base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
      body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    });
    const all = [...cookies, ...response.headers.getSetCookie().map((c) => c.split(";")[0])];
    if (!all.some((c) => c?.includes("session-token"))) throw new Error("sign-in failed");
    return all.join("; ");
  }

  /**
   * A JSON POST as the review screens send them (components/review/post-json.ts): the route's
   * own {ok, ...} reply, or a refusal's {error: {message}} read as {ok: false, error}.
   */
  async postJson(cookie: string, route: string, body: unknown): Promise<{ status: number; result: Record<string, unknown> | null; raw: string }> {
    const response = await fetch(`${this.base}${route}`, { method: "POST", redirect: "manual", headers: { cookie, origin: this.base, "content-type": "application/json" }, body: JSON.stringify(body) });
    const raw = await response.text();
    type Reply = { ok?: unknown; error?: { message?: unknown } };
    let json: Reply | null;
    try {
      json = JSON.parse(raw) as Reply;
    } catch {
      json = null;
    }
    const result = json && typeof json.ok === "boolean" ? (json as Record<string, unknown>) : json?.error ? { ok: false, error: String(json.error.message ?? "") } : null;
    return { status: response.status, result, raw };
  }

  /** The grounding review screen's save (its answer route). */
  saveAnswer(cookie: string, input: { projectId: string; sampleId: string; baseVersion: number | null; status: "draft" | "submitted"; payload: unknown }) {
    const { projectId, sampleId, ...body } = input;
    return this.postJson(cookie, `/api/projects/${projectId}/samples/${sampleId}/answer`, body);
  }

  async action(cookie: string, file: string, name: string, args: unknown[]): Promise<{ status: number; result: Record<string, unknown> | null; raw: string }> {
    const body = await encodeReply(args);
    const response = await fetch(`${this.base}/projects`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: this.base,
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
}
