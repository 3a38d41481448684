import "server-only";
// ScreenSpot-Pro's own results file names no model, so its first import is refused
// (grounding-results.ts). The CLI answers with the command to run again: the same import,
// the same flags, plus `--model <the file's name>`, each word quoted so that a POSIX shell
// reads it back unchanged. The file's name is a proposal the operator sees before running it.
import { statSync } from "node:fs";
import path from "node:path";
import { NAMES_NO_MODEL } from "@/lib/imports/formats/grounding/grounding-results";
import { fileStem } from "@/lib/imports/formats/grounding/input-file";
import type { ImportCommand } from "@/lib/cli/import-flags";

/** One shell word: bare when no character of it means anything to the shell, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function commandLine(command: ImportCommand, target: string, model: string): string {
  const flags: [string, string | undefined][] = [
    ["--format", command.format],
    ["--images", command.images],
    ["--contract", command.contract],
    ["--on-verified-change", command.onVerifiedChange],
  ];
  const words = ["npm", "run", "verity", "--", "import", shellWord(target), "--project", shellWord(command.slug)];
  for (const [flag, value] of flags) if (value !== undefined) words.push(flag, shellWord(value));
  if (command.json) words.push("--json");
  words.push("--model", shellWord(model));
  return words.join(" ");
}

const isDirectory = (target: string) => statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** What to run when results files were refused for naming no model and no --model was given; null otherwise. */
export function rerunWithModel(command: ImportCommand, rejected: { file: string; reason: string }[]): string | null {
  if (command.model) return null;
  const files = [...new Set(rejected.filter((r) => r.reason.startsWith(NAMES_NO_MODEL)).map((r) => r.file))];
  if (files.length === 0) return null;
  if (files.length === 1) {
    const file = files[0]!;
    return `${file} names no model. To import its answers under the file's name, run:\n  ${commandLine(command, command.target, fileStem(file))}\n(or put the model's own name after --model)`;
  }
  // One --model would file every one of them under the same model: each is imported on its
  // own, under its name, or its path when two share a name (runA/results.json, runB/results.json).
  const header = `${files.length} results files name no model (${files.join(", ")}); import each with its own model:`;
  if (!isDirectory(command.target)) return `${header} take them out of ${command.target} and import each file with --model <its model>`;
  const stems = files.map(fileStem);
  const names = new Set(stems).size === files.length ? stems : files.map((file) => file.slice(0, file.length - path.extname(file).length));
  return [header, ...files.map((file, i) => `  ${commandLine(command, path.join(command.target, file), names[i]!)}`)].join("\n");
}
