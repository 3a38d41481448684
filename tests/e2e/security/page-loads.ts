// What another user feels while an attack runs: a signed-in user loads a page again and
// again until the attack settles. The figures are printed for the report, never asserted
// (tests never assert times); the page must keep answering 200.
import os from "node:os";
import { expect } from "@playwright/test";

export type LoadStats = { label: string; loads: number; p50: number; p95: number; max: number };

function stats(label: string, ms: number[]): LoadStats {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { label, loads: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
}

// With the machine's load beside them: on a shared machine the same code measures very differently.
export function printLoads(s: LoadStats): void {
  const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
  console.log(`[page loads] ${s.label}: ${s.loads} loads, p50 ${Math.round(s.p50)} ms, p95 ${Math.round(s.p95)} ms, max ${Math.round(s.max)} ms (${load})`);
}

/** Loads `url` with `cookie` one after another until `attack` settles (at least `min` times). */
export async function measurePageLoads(label: string, url: string, cookie: string, attack: Promise<unknown>, min = 5): Promise<LoadStats> {
  // One load first, not counted: the page's first render in a fresh server warms its caches.
  await (await fetch(url, { headers: { cookie }, redirect: "manual" })).arrayBuffer();
  let settled = false;
  const done = attack.finally(() => (settled = true));
  const ms: number[] = [];
  while (!settled || ms.length < min) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    expect(response.status, `${label}: the page answers`).toBe(200);
  }
  await done;
  const result = stats(label, ms);
  printLoads(result);
  return result;
}

/** Page loads with nothing else going on, for comparison. */
export async function baselineLoads(label: string, url: string, cookie: string, n = 10): Promise<LoadStats> {
  return measurePageLoads(label, url, cookie, Promise.resolve(), n);
}
