// The corrected results table of a run, as CSV and JSON. CSV cells that a spreadsheet would
// read as a formula (=, +, -, @, tab, carriage return first) are prefixed with a quote, so an
// agent's answer like =HYPERLINK(...) stays text.
import { EVALUATION_CSV_HEADER } from "@/lib/runs/corrected-table-format";
import type { RunVerification } from "@/lib/runs/run-verification";

const outcome = (v: boolean | null) => (v === null ? "" : v ? "success" : "failure");

export function safeCsvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function correctedCsv(v: RunVerification): string {
  const rows = v.episodes.map((e) => [e.episode, e.goal, e.app ?? "", e.steps, outcome(e.automatic), outcome(e.automaticAfterOverrides), outcome(e.verified), e.changed ? "yes" : "no"]);
  return [[...EVALUATION_CSV_HEADER], ...rows].map((row) => row.map(safeCsvCell).join(",")).join("\r\n") + "\r\n";
}

export function correctedJson(v: RunVerification) {
  return {
    run: v.run,
    automaticRate: v.automatic,
    correctedRate: v.corrected,
    unverified: v.unverified,
    perApp: v.perApp,
    episodes: v.episodes.map((e) => ({ ...e, automatic: outcome(e.automatic) || null, automaticAfterOverrides: outcome(e.automaticAfterOverrides) || null, verified: outcome(e.verified) || null })),
  };
}
