// The files each benchmark's runs are written back as (lib/benchmarks/benchmark-files.ts
// writes them; the run's benchmark page links them). AndroidLab's as generate_result.py names
// them; OSWorld's result.txt per example comes as one zip.
export const FILES_BY_BENCHMARK: Record<string, readonly string[]> = {
  androidlab: ["results.jsonl", "total.jsonl", "output.xlsx", "output_detail.xlsx", "corrections.jsonl"],
  osworld: ["show_result.txt", "result_files.zip", "corrections.jsonl"],
  webvoyager: ["auto_eval_results.txt", "corrections.jsonl"],
  "screenspot-pro": ["metrics.json"],
};
