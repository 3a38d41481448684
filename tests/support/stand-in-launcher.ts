// Starts the OpenAI-compatible stand-in in a process of its own (stand-in-process.ts), as a real
// model server runs: the model-run benchmark and the load test's model-run phase each start one
// per phase, so each phase's requests and peak of requests open at once are its own.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export type StandInEnd = { requests: number; inFlightPeak: number; violations: string[] };
export type StandIn = { url: string; pid: number | null; stop: () => Promise<StandInEnd>; kill: () => void };

export async function startStandInProcess(replyMs: number): Promise<StandIn> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "stand-in-process.ts")], {
    env: { ...process.env, REPLY_MS: String(replyMs) }, stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done) throw new Error("the stand-in process ended before printing its URL");
  let stopped: Promise<StandInEnd> | null = null;
  const stop = () => (stopped ??= (async () => {
    child.stdin!.end();
    const line = await lines.next();
    return JSON.parse(String(line.value)) as StandInEnd;
  })());
  return { url: first.value, pid: child.pid ?? null, stop, kill: () => child.kill() };
}

/** Stops the stand-in and refuses the phase if it refused any request (a request that broke the protocol). */
export async function endedCleanly(server: StandIn): Promise<StandInEnd> {
  const end = await server.stop();
  if (end.violations.length) throw new Error(`the stand-in refused requests: ${end.violations.join("; ")}`);
  return end;
}
