// The grounding formats are single JSON / JSONL files inside the import root. This resolves
// a ParserInput to the path to read and the name to report in rejections, so every parser
// locates records the same way (relative to the import root, as records.ts asks).
import "server-only";
import path from "node:path";
import type { ParserInput } from "@/lib/imports/records";

export type InputFile = { path: string; label: string };

// .ndjson is the same thing as .jsonl under another name; both are read line by line.
const JSON_EXTENSIONS = new Set([".json", ".jsonl", ".ndjson"]);

export function resolveInputFile(input: ParserInput): InputFile | null {
  if (input.file === null) return null;
  return { path: path.resolve(input.root, input.file), label: input.file };
}

export function hasJsonExtension(file: string): boolean {
  return JSON_EXTENSIONS.has(path.extname(file).toLowerCase());
}

/** "results/qwen2vl-sample.json" -> "qwen2vl-sample": the model name of a results file that names none. */
export function fileStem(file: string): string {
  const base = path.basename(file);
  const ext = path.extname(base);
  return ext ? base.slice(0, -ext.length) : base;
}
