import "server-only";
// The files an AgentLab study keeps beside its experiments, each named in the report as read,
// not read, or refused. Where they come from (ServiceNow/AgentLab @
// 69cd8930e1dca6893899aef3002c5b2342e0f5d2):
//   - src/agentlab/experiments/study.py L158-170 get_results: `result_df<suffix>.csv`,
//     `summary_df<suffix>.csv` and `error_report<suffix>.md`, where Study.run (L330-335) gives
//     each relaunch trial the suffix `_trial_<i>_of_<n>`; a relaunch moves the experiments it
//     reruns to hidden "_" folders (loop.py L373-375, L901-905), so an earlier trial's files
//     describe experiments that are no longer there: only the last trial's (and unsuffixed
//     ones) are checked, the others named as superseded;
//   - src/agentlab/analyze/inspect_results.py L807-853 get_study_summary caches the summary as
//     `study_summary.csv` (checked like summary_df) with `_last_modification_times.json`;
//   - study.py L150-156 save: `study.pkl.gz`, a pickle, refused (agentlab-experiment.ts).
// The figures are checked against the experiments (agentlab-study-check.ts); nothing of these
// files is stored but the outcome of the check on the run.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { FigureDifference, Rejection, SourceNote } from "@/lib/imports/records";
import { csvRows, type CsvRow } from "@/lib/imports/formats/csv-rows";
import { checkResultRows, checkSummaryRows, countErrorReport, type EpisodeFacts } from "@/lib/imports/formats/agentlab/agentlab-study-check";
import { PICKLE } from "@/lib/imports/formats/agentlab/agentlab-experiment";
import { joinRef, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

export type StudyFileItem = SourceNote | FigureDifference | Rejection;
export type StudyFilesCheck = { items: StudyFileItem[]; checked: string[]; differenceCount: number };

type Kind = "result" | "summary" | "errors";
const PATTERNS: [Kind, RegExp][] = [
  ["result", /^result_df(?:_(.+))?\.csv$/],
  ["summary", /^summary_df(?:_(.+))?\.csv$/],
  ["errors", /^error_report(?:_(.+))?\.md$/],
];
const CACHED_SUMMARY = "study_summary.csv";
const TRIAL = /^trial_(\d+)_of_\d+$/;

type StudyFile = { name: string; kind: Kind; trial: number | null };

function classify(name: string): StudyFile | null {
  if (name === CACHED_SUMMARY) return { name, kind: "summary", trial: null };
  for (const [kind, pattern] of PATTERNS) {
    const m = pattern.exec(name);
    if (m) {
      const trial = m[1] ? TRIAL.exec(m[1]) : null;
      return { name, kind, trial: trial ? Number(trial[1]) : null };
    }
  }
  return null;
}

async function readTable(abs: string, file: string, items: StudyFileItem[]): Promise<{ header: string[]; rows: CsvRow[] } | null> {
  let header: string[] | null = null;
  const rows: CsvRow[] = [];
  for await (const entry of csvRows(abs)) {
    if ("header" in entry) header = entry.header;
    else if ("problem" in entry) items.push({ type: "rejected", location: { file, line: entry.line }, reason: `not read: ${entry.problem}` });
    else rows.push(entry);
  }
  if (!header) {
    items.push({ type: "note", location: { file, line: null }, reason: "not read: the file is empty" });
    return null;
  }
  return { header, rows };
}

const RESULT_NOTE =
  "read: one row per experiment, each checked against its summary_info.json (cum_reward, n_steps, err_msg); the other columns (the experiment's arguments, stats.*) are not imported";
const SUMMARY_NOTE =
  "read: AgentLab's summary, checked against the experiments' summary_info.json (n_completed, n_err, avg_reward, avg_steps); std_err and costs are not checked";

async function checkFile(abs: string, file: string, kind: Kind, run: string, episodes: EpisodeFacts[], items: StudyFileItem[]): Promise<void> {
  if (kind === "errors") {
    const { errors, kinds } = countErrorReport(await fs.readFile(abs, "utf8"));
    const imported = episodes.filter((e) => e.summary?.hasError).length;
    if (errors !== imported) items.push({ type: "figure_difference", location: { file, line: null }, run, metric: "experiments with an error", fileValue: errors, importedValue: imported });
    items.push({ type: "note", location: { file, line: null }, reason: `read: ${errors} error(s) of ${kinds} kind(s) counted; the report's text is not imported (each experiment's own err_msg and stack_trace are, from its summary_info.json)` });
    return;
  }
  const table = await readTable(abs, file, items);
  if (!table) return;
  const needed = kind === "result" ? ["exp_dir"] : ["avg_reward", "n_completed"];
  const lacking = needed.filter((c) => !table.header.includes(c));
  if (kind === "summary" && lacking.length) {
    items.push({ type: "note", location: { file, line: 1 }, reason: `not checked: no ${lacking.join(" or ")} column, so not a summary AgentLab writes` });
    return;
  }
  const check = (kind === "result" ? checkResultRows : checkSummaryRows)(file, run, table.header, table.rows, episodes);
  items.push({ type: "note", location: { file, line: null }, reason: `${kind === "result" ? RESULT_NOTE : SUMMARY_NOTE} (${table.rows.length} row(s))` }, ...check.notes, ...check.differences);
}

/**
 * The study files in `dir` (a study folder, or a folder of studies whose files summarise all
 * of them), checked against `episodes`, the experiments beneath it. Files that are neither
 * study files nor pickles nor experiment folders are named as not read.
 */
export async function checkStudyFiles(root: string, dir: string, files: string[], run: string, episodes: EpisodeFacts[]): Promise<StudyFilesCheck> {
  const items: StudyFileItem[] = [];
  const checked: string[] = [];
  const rel = relativeToRoot(root, dir);
  const studyFiles = files.flatMap((n) => {
    const f = classify(n);
    return f ? [f] : [];
  });
  const lastTrial = new Map<Kind, number>();
  for (const f of studyFiles) if (f.trial !== null) lastTrial.set(f.kind, Math.max(lastTrial.get(f.kind) ?? 0, f.trial));
  for (const name of files) {
    const file = joinRef(rel, name);
    const f = classify(name);
    if (!f) {
      if (!PICKLE.test(name) && !name.startsWith(".")) {
        items.push({ type: "note", location: { file, line: null }, reason: "not read: not one of the files an AgentLab study writes that Verity checks (result_df, summary_df, study_summary.csv, error_report, package_versions.txt)" });
      }
      continue;
    }
    const last = lastTrial.get(f.kind);
    if (f.trial !== null && last !== undefined && f.trial < last) {
      const latest = studyFiles.find((s) => s.kind === f.kind && s.trial === last)!.name;
      items.push({ type: "note", location: { file, line: null }, reason: `not checked: trial ${f.trial}'s file, superseded by ${latest} (a relaunch moves the experiments it reruns to hidden "_" folders)` });
      continue;
    }
    await checkFile(path.join(dir, name), file, f.kind, run, episodes, items);
    checked.push(file);
  }
  return { items, checked, differenceCount: items.filter((i) => i.type === "figure_difference").length };
}
