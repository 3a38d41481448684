// The parts of the load test both databases share (run-load.ts, run-postgres.ts): the bare
// reference's run, sign-in with retries, CPU time of a process, and the printed report.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { freePort, type AppServer } from "../e2e/fault/app-server";
import { annotate, bareClient, newTally, type Op, type Tally } from "./load-client";
import type { LoadSeed } from "./seed-load";

export const pct = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]! : NaN);

// utime + stime of a process, in ms (Linux /proc; clock ticks of 10 ms).
export function cpuMs(pid: number | null): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// Fifty simultaneous sign-ins pass the server's scrypt budget (one check at a time, a short
// line); those turned away are told to try again, and do, as a person would.
export async function signInRetrying(server: AppServer, email: string, password: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await server.signIn(email, password);
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

export type RunResult = { name: string; tally: Tally; seconds: number; serverCpuMs: number; checks: string; ok: boolean };

export async function runBare(database: string, seed: LoadSeed, seconds: number, check: (tally: Tally) => Promise<{ checks: string; ok: boolean }> | { checks: string; ok: boolean }): Promise<RunResult> {
  const port = await freePort();
  const child = spawn("node", ["--import", "tsx", "tests/load/bare-server.ts", database, String(port), seed.queueId, seed.projectId, String(seed.overlap)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare reference exited (${code})`)));
  });
  const tally = newTally();
  const cpuBefore = cpuMs(child.pid ?? null);
  const until = Date.now() + seconds * 1000;
  await Promise.all(seed.userIds.map((id) => annotate(tally, bareClient(`http://127.0.0.1:${port}`, id), id, until)));
  const serverCpuMs = cpuMs(child.pid ?? null) - cpuBefore;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
  return { name: "bare reference", tally, seconds, serverCpuMs, ...(await check(tally)) };
}

export function report(run: RunResult): void {
  const { latencies, submitted } = run.tally;
  const requests = latencies.claim.length + latencies.save.length + latencies.submit.length;
  const line = (op: Op) => `${op.padEnd(7)} n=${latencies[op].length}  p50 ${pct(latencies[op], 0.5).toFixed(1)} ms  p95 ${pct(latencies[op], 0.95).toFixed(1)} ms  p99 ${pct(latencies[op], 0.99).toFixed(1)} ms`;
  console.log(`${run.name}: ${submitted.length} items submitted (${(submitted.length / run.seconds).toFixed(1)}/s, ${(requests / run.seconds).toFixed(0)} requests/s), server CPU ${(run.serverCpuMs / Math.max(1, submitted.length)).toFixed(1)} ms per item`);
  const said: Record<Op, string> = {
    claim: " (a claim of its own: the first, or after a failure)",
    save: " (the submitted answer, its own request)",
    submit: latencies.save.length ? " (closes the claim and claims the next item)" : " (one request: stores the submitted answer, closes the claim, claims the next item)",
  };
  for (const op of ["claim", "save", "submit"] as const) if (op !== "save" || latencies.save.length) console.log(`  ${line(op)}${said[op]}`);
  console.log(`  ${run.checks}`);
  for (const error of run.tally.errors.slice(0, 10)) console.log(`  error: ${error}`);
}

