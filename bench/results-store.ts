// bench/results.json keeps each suite's last rows with their date; bench/results.md is drawn
// from it. `npm run bench` saves its suites here, and so does the load test for the figure it
// measures with a model run active (tests/load/run-load.ts), so every figure the issues set a
// target for sits in one table.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type BenchRow = { figure: string; value: string; target: string; ratio: string };
type Saved = Record<string, { date: string; rows: BenchRow[] }>;

const STORE = path.resolve(import.meta.dirname, "results.json");
const TABLE = path.resolve(import.meta.dirname, "results.md");

/** Replaces the named suites' rows (dated today), rewrites both files, and returns the table. */
export function saveSuiteRows(suites: Record<string, BenchRow[]>): string {
  const saved: Saved = existsSync(STORE) ? JSON.parse(readFileSync(STORE, "utf8")) : {};
  const today = new Date().toISOString().slice(0, 10);
  for (const [name, rows] of Object.entries(suites)) saved[name] = { date: today, rows };
  writeFileSync(STORE, `${JSON.stringify(saved, null, 2)}\n`);
  const rows = Object.values(saved).flatMap((s) => s.rows.map((r) => ({ ...r, figure: `${r.figure} (${s.date})` })));
  const table = [
    "| figure | measured | target | ratio to the raw limit |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.figure} | ${r.value} | ${r.target} | ${r.ratio} |`),
  ].join("\n");
  writeFileSync(TABLE, `# Benchmark results\n\nMeasured on this machine (2 cores, ${process.version}); \`npm run bench [-- suite]\` rewrites this file from bench/results.json (\`npm run test:load\` its "load with a model run" rows).\n\n${table}\n`);
  return table;
}
