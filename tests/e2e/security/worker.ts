// `npm run worker` as its own process beside a security spec's server (which runs with
// VERITY_WORKER=external), so that a spec decides when queued jobs run: after it has swapped
// a folder for a symlink, say, or once every competing job is queued.
import { spawn } from "node:child_process";
import type { SecurityServer } from "./server";

export type JobRow = { id: string; kind: string; projectId: string; status: string; error: string | null; report: string | null; startedAt: string | null; finishedAt: string | null; params: string };

export function jobs(server: SecurityServer, ids: string[]): JobRow[] {
  const db = server.db();
  try {
    return ids.map((id) => db.prepare(`SELECT * FROM "Job" WHERE "id" = ?`).get(id) as JobRow);
  } finally {
    db.close();
  }
}

const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

/** Runs one worker process until every job in `ids` has ended, then stops it. */
export async function runWorkerUntilDone(server: SecurityServer, ids: string[], timeoutMs = 240_000): Promise<JobRow[]> {
  const child = spawn("node", ["--conditions=react-server", "--import", "tsx", "bin/worker.ts"], {
    env: { ...process.env, ...server.env, VERITY_WORKER_POLL_MS: "200" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = jobs(server, ids);
      if (rows.every((r) => TERMINAL.has(r.status))) return rows;
      if (child.exitCode !== null) throw new Error(`the worker exited early: ${output}`);
      if (Date.now() > deadline) throw new Error(`jobs did not end: ${JSON.stringify(rows.map((r) => [r.id, r.status]))}\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  }
}
