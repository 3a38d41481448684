// `npm run bench [-- <suite> ...]`: prints each figure beside its target and its ratio to the
// raw limit measured in the same run, and writes the table to bench/results.md. Benchmarks
// are not tests: nothing here fails on a slow machine.
import { benchImport, type ImportFigure } from "./import-bench";
import { benchImportPostgres } from "./import-bench-postgres";
import { benchProviders, startBenchPostgres } from "./pg-bench-server";
import { benchEditor } from "./editor-bench";
import { benchLists } from "./lists-bench";
import { exportSuite } from "./export-suite";
import { saveSuiteRows, type BenchRow } from "./results-store";

type Row = BenchRow;

// VERITY_BENCH_IMPORT_PROVIDERS (default sqlite,postgres): PostgreSQL beside a raw COPY
// (bench/import-bench-postgres.ts), on VERITY_TEST_PG_URL's server or a throwaway cluster.
async function importSuite(): Promise<Row[]> {
  const sizes = (process.env.VERITY_BENCH_IMPORT_SIZES ?? "100000,1000000").split(",").map(Number);
  const providers = benchProviders("VERITY_BENCH_IMPORT_PROVIDERS");
  const rows: Row[] = [];
  const row = (n: number, f: ImportFigure, label: string, raw: string): Row => ({
    figure: `import ${n.toLocaleString("en")} ScreenSpot-Pro records (${label})`,
    value: `${Math.round(f.importRowsPerSecond).toLocaleString("en")} rows/s, peak RSS ${Math.round(f.peakRssMb)} MB, ${f.seconds.toFixed(1)} s`,
    target: `>= 30% of raw ${raw}; memory flat`,
    ratio: `${(f.ratio * 100).toFixed(1)}% of raw ${Math.round(f.rawRowsPerSecond).toLocaleString("en")} rows/s`,
  });
  if (providers.includes("sqlite")) {
    for (const n of sizes) {
      console.error(`import: ${n.toLocaleString("en")} records (SQLite)…`);
      rows.push(row(n, await benchImport(n), "SQLite", "insert"));
    }
  }
  if (providers.includes("postgres")) {
    const postgres = await startBenchPostgres();
    try {
      for (const n of sizes) {
        console.error(`import: ${n.toLocaleString("en")} records (PostgreSQL)…`);
        rows.push(row(n, await benchImportPostgres(postgres, n), "PostgreSQL", "COPY FROM STDIN"));
      }
    } finally {
      await postgres.close();
    }
  }
  return rows;
}

async function editorSuite(): Promise<Row[]> {
  console.error("editor: 4K drag and next sample in Chromium…");
  const f = await benchEditor();
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  return [
    {
      figure: "box drag on a 3840x2160 screenshot, frame time",
      value: `median ${f.dragMedianMs.toFixed(1)} ms, p95 ${f.dragP95Ms.toFixed(1)} ms`,
      target: "p95 < 16 ms",
      ratio: `${(f.dragP95Ms / f.rawFrameMs).toFixed(2)}x an empty frame (${f.rawFrameMs.toFixed(1)} ms)`,
    },
    {
      figure: "next sample to screenshot painted (4K, prefetched)",
      value: `median ${median(f.nextSampleMs)} ms, max ${Math.max(...f.nextSampleMs)} ms over ${f.nextSampleMs.length}`,
      target: "< 150 ms",
      ratio: "—",
    },
  ];
}

async function listsSuite(): Promise<Row[]> {
  const n = Number(process.env.VERITY_BENCH_LIST_SIZE ?? "1000000");
  console.error(`lists: ${n.toLocaleString("en")} samples and ${n.toLocaleString("en")} trajectories…`);
  const f = await benchLists(n);
  const size = n.toLocaleString("en");
  return [
    {
      figure: `sample list page at ${size} samples (rows + capped total + filter menus, 9 filters incl. deep pages, SQLite)`,
      value: `p50 ${f.samplesP50Ms.toFixed(1)} ms, p95 ${f.samplesP95Ms.toFixed(1)} ms`,
      target: "p95 < 100 ms",
      ratio: `${(f.samplesP95Ms / f.rawP95Ms).toFixed(1)}x a bare indexed page read (p95 ${f.rawP95Ms.toFixed(2)} ms)`,
    },
    {
      figure: `trajectory list page at ${size} trajectories (7 filters incl. mismatch flag and deep pages, SQLite)`,
      value: `p50 ${f.trajectoriesP50Ms.toFixed(1)} ms, p95 ${f.trajectoriesP95Ms.toFixed(1)} ms`,
      target: "p95 < 100 ms",
      ratio: `${(f.trajectoriesP95Ms / f.rawP95Ms).toFixed(1)}x a bare indexed page read`,
    },
  ];
}

const SUITES: Record<string, () => Promise<Row[]>> = { import: importSuite, editor: editorSuite, lists: listsSuite, export: exportSuite };
SUITES.queue = async () => (await import("./queue-bench")).queueSuite();
SUITES.review = async () => (await import("./review-bench")).reviewSuite();
SUITES["model-run"] = async () => (await import("./model-run-bench")).modelRunSuite();

// Each suite's last rows are kept in results.json, so running one suite updates its rows and
// leaves the others' figures (with their dates) in the table.
async function main() {
  const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SUITES);
  for (const name of chosen) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown suite ${name}; suites: ${Object.keys(SUITES).join(", ")}`);
    console.log(saveSuiteRows({ [name]: await suite() }));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
