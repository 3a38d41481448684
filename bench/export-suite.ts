// The export suite as bench/run.ts registers it: VERITY_BENCH_EXPORT_SIZES (default 1,000,000)
// on each of VERITY_BENCH_EXPORT_PROVIDERS (default sqlite,postgres); PostgreSQL on
// VERITY_TEST_PG_URL's server or a throwaway cluster stopped at the end.
import { benchExport, cpuCeiling, rate, type ExportFigures, type ExportPhase } from "./export-bench";
import { benchExportPostgres } from "./export-bench-postgres";
import { benchProviders, startBenchPostgres } from "./pg-bench-server";

type Row = { figure: string; value: string; target: string; ratio: string };

const rounded = (n: number) => Math.round(n).toLocaleString("en");

// The phase's share of the raw read, and the ceiling its CPU cost a row sets on this machine.
const againstRaw = (phase: ExportPhase, raw: ExportPhase) =>
  `${(phase.rowsPerSecond / raw.rowsPerSecond).toFixed(2)} of raw ${rounded(raw.rowsPerSecond)} rows/s; every core at this CPU cost a row: ${rounded(cpuCeiling(phase))} rows/s`;

function rowsOf(f: ExportFigures, label: string): Row[] {
  const size = f.samples.toLocaleString("en");
  const raw = label === "SQLite" ? "bare SELECT + JSON lines" : "bare SELECT in keyset batches of 5,000 (pg client) + JSON lines";
  return [
    { figure: `export raw limit: ${raw}, ${size} rows (${label})`, value: rate(f.raw), target: "—", ratio: `1.00 (the limit); every core at this CPU cost a row: ${rounded(cpuCeiling(f.raw))} rows/s` },
    { figure: `export ${size} verified grounding samples to ms-swift JSONL (${label})`, value: rate(f.jsonl), target: ">= 50k rows/s; memory flat", ratio: againstRaw(f.jsonl, f.raw) },
    { figure: `export ${size} verified grounding samples to verl parquet (${label})`, value: rate(f.parquet), target: "memory flat", ratio: againstRaw(f.parquet, f.raw) },
  ];
}

export async function exportSuite(): Promise<Row[]> {
  const sizes = (process.env.VERITY_BENCH_EXPORT_SIZES ?? "1000000").split(",").map(Number);
  const providers = benchProviders("VERITY_BENCH_EXPORT_PROVIDERS");
  const rows: Row[] = [];
  if (providers.includes("sqlite")) {
    for (const n of sizes) {
      console.error(`export: seeding ${n.toLocaleString("en")} verified samples (SQLite)…`);
      rows.push(...rowsOf(await benchExport(n), "SQLite"));
    }
  }
  if (providers.includes("postgres")) {
    const postgres = await startBenchPostgres();
    try {
      for (const n of sizes) {
        console.error(`export: seeding ${n.toLocaleString("en")} verified samples (PostgreSQL)…`);
        rows.push(...rowsOf(await benchExportPostgres(postgres, n), "PostgreSQL"));
      }
    } finally {
      await postgres.close();
    }
  }
  return rows;
}
