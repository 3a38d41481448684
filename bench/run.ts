// `npm run bench [-- <suite> ...]`: prints each figure beside its target and its ratio to the
// raw limit measured in the same run, and writes the table to bench/results.md. Benchmarks
// are not tests: nothing here fails on a slow machine.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { benchImport } from "./import-bench";

type Row = { figure: string; value: string; target: string; ratio: string };

async function importSuite(): Promise<Row[]> {
  const sizes = (process.env.VERITY_BENCH_IMPORT_SIZES ?? "100000,1000000").split(",").map(Number);
  const rows: Row[] = [];
  for (const n of sizes) {
    console.error(`import: ${n.toLocaleString("en")} records…`);
    const f = await benchImport(n);
    rows.push({
      figure: `import ${n.toLocaleString("en")} ScreenSpot-Pro records (SQLite)`,
      value: `${Math.round(f.importRowsPerSecond).toLocaleString("en")} rows/s, peak RSS ${Math.round(f.peakRssMb)} MB, ${f.seconds.toFixed(1)} s`,
      target: ">= 30% of raw insert; memory flat",
      ratio: `${(f.ratio * 100).toFixed(1)}% of raw ${Math.round(f.rawRowsPerSecond).toLocaleString("en")} rows/s`,
    });
  }
  return rows;
}

const SUITES: Record<string, () => Promise<Row[]>> = { import: importSuite };

async function main() {
  const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SUITES);
  const rows: Row[] = [];
  for (const name of chosen) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown suite ${name}; suites: ${Object.keys(SUITES).join(", ")}`);
    rows.push(...(await suite()));
  }
  const table = [
    "| figure | measured | target | ratio to the raw limit |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.figure} | ${r.value} | ${r.target} | ${r.ratio} |`),
  ].join("\n");
  console.log(table);
  const file = path.resolve(import.meta.dirname, "results.md");
  writeFileSync(file, `# Benchmark results\n\nMeasured ${new Date().toISOString().slice(0, 10)} on this machine (${process.version}); \`npm run bench\` rewrites this file.\n\n${table}\n`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
