// The figures an AgentLab study states about its own episodes, checked against the
// experiments' summary_info.json as Verity imports them. Pure: no I/O.
// Source: ServiceNow/AgentLab @ 69cd8930e1dca6893899aef3002c5b2342e0f5d2,
// src/agentlab/analyze/inspect_results.py:
//   - L106-155 load_result_df: one row per experiment (get_exp_record, loop.py L770-781: the
//     flattened exp_args, `exp_dir`, then summary_info's keys), indexed by env.task_name,
//     agent.agent_name, env.benchmark (the task name up to its first ".", L751-754) and the
//     agent.* fields that vary;
//   - L242-284 summarize, per group of summarize_study (L757-761: every index level but the
//     task): avg_reward = mean of cum_reward (missing ones skipped), avg_steps = mean of
//     n_steps, both rounded to 3; n_completed = "<k>/<n>" where an experiment counts as
//     completed when it has an err_msg OR terminated OR truncated (an error is completed),
//     and n the experiments of the group, those without summary_info.json included; n_err =
//     experiments with an err_msg; a group with nothing completed has no row;
//   - L580-620 error_report: one "## <count>x : <message>" heading per distinct error.
// A figure is compared at the precision the file rounds it to.
import type { FigureDifference, SourceLocation, SourceNote } from "@/lib/imports/records";
import { foreignBasename } from "@/lib/imports/formats/trajectories/source-files";
import { groupBy } from "@/lib/db/key-lookup";

export type EpisodeFacts = {
  /** The experiment folder's name: what result_df's `exp_dir` ends with. */
  folder: string;
  agentName: string | null;
  /** AgentLab's env.benchmark: the task name up to its first ".". */
  benchmark: string | null;
  /** From summary_info.json; null when it is absent or unreadable (an incomplete experiment). */
  summary: { cumReward: number | null; nSteps: number; hasError: boolean; hasErrorText: boolean; isCompleted: boolean } | null;
};

export type CheckOutput = { differences: FigureDifference[]; notes: SourceNote[] };

/** A figure as pandas writes it: "" for NaN/None, "True"/"False" for booleans. */
export function csvNumber(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const t = text.trim();
  if (t === "True") return 1;
  if (t === "False") return 0;
  const value = Number(t);
  return Number.isFinite(value) ? value : null;
}

const round3Same = (a: number, b: number) => Math.abs(a - b) <= 0.0005 + 1e-9;
const exactSame = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const sameFigure = (a: number | null, b: number | null, same: (a: number, b: number) => boolean) => (a === null || b === null ? a === b : same(a, b));

const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : null);

/** What summarize computes for one group, from the imported summaries. */
export function summarizeEpisodes(episodes: EpisodeFacts[]) {
  const read = episodes.flatMap((e) => (e.summary ? [e.summary] : []));
  return {
    avgReward: mean(read.flatMap((s) => (s.cumReward === null ? [] : [s.cumReward]))),
    avgSteps: mean(read.map((s) => s.nSteps)),
    completed: read.filter((s) => s.isCompleted).length,
    experiments: episodes.length,
    errors: read.filter((s) => s.hasError).length,
  };
}

const SUMMARY_FIGURES = new Set(["avg_reward", "std_err", "avg_steps", "n_completed", "n_err", "cum_cost", "cum_effective_cost"]);
const AGENT = "agent.agent_name";
const BENCHMARK = "env.benchmark";

type SummaryRow = { line: number; fields: Record<string, string> };

// The experiment folder's name holds the agent name with [/:*?<>|] made "_" (loop.py
// L386-391 _make_dir), so a summary's agent.agent_name is compared the same way.
const folderSafe = (name: string) => name.replace(/[/:*?<>|]/g, "_");
const groupKey = (agent: string | null, benchmark: string | null) => `${agent === null ? "" : folderSafe(agent)}\u0000${benchmark ?? ""}`;

/**
 * Checks a summary_df (or study_summary.csv) against the episodes: per agent and benchmark
 * when the file has those index columns, else over all episodes. When the file splits an
 * agent further (by agent.* settings only the pickled exp_args hold), its rows are added up:
 * the counts are still checked, the averages are not.
 */
export function checkSummaryRows(file: string, run: string, header: string[], rows: SummaryRow[], episodes: EpisodeFacts[]): CheckOutput {
  const differences: FigureDifference[] = [];
  const notes: SourceNote[] = [];
  const hasAgent = header.includes(AGENT);
  const hasBenchmark = header.includes(BENCHMARK);
  const extraIndex = header.filter((c) => c !== AGENT && c !== BENCHMARK && !SUMMARY_FIGURES.has(c) && c !== "");
  const keyOf = (agent: string | null, benchmark: string | null) => groupKey(hasAgent ? agent : null, hasBenchmark ? benchmark : null);
  const labelOf = (agent: string | null, benchmark: string | null) =>
    [hasAgent ? agent : null, hasBenchmark ? `on ${benchmark}` : null].filter(Boolean).join(" ") || "all experiments";

  const episodesByKey = groupBy(episodes, (e) => keyOf(e.agentName, e.benchmark));
  const rowsByKey = groupBy(rows, (row) => keyOf(row.fields[AGENT] ?? null, row.fields[BENCHMARK] ?? null));
  if (extraIndex.length && rows.length > rowsByKey.size) {
    notes.push({ type: "note", location: { file, line: null }, reason: `rows split by ${extraIndex.join(", ")} (set in the pickled exp_args, which Verity does not open): their counts are added up per agent and benchmark, their averages not checked` });
  }

  const differ = (location: SourceLocation, metric: string, fileValue: number | null, importedValue: number | null, same: (a: number, b: number) => boolean) => {
    if (!sameFigure(fileValue, importedValue, same)) differences.push({ type: "figure_difference", location, run, metric, fileValue, importedValue });
  };

  for (const [key, group] of rowsByKey) {
    const first = group[0]!;
    const label = labelOf(first.fields[AGENT] ?? null, first.fields[BENCHMARK] ?? null);
    const imported = summarizeEpisodes(episodesByKey.get(key) ?? []);
    const location = { file, line: first.line };
    let completed = 0;
    let experiments = 0;
    let errors = 0;
    let isCountable = true;
    for (const row of group) {
      const stated = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(row.fields.n_completed ?? "");
      if (!stated) {
        isCountable = false;
        notes.push({ type: "note", location: { file, line: row.line }, reason: `n_completed "${row.fields.n_completed ?? ""}" is not "<completed>/<experiments>": not checked` });
      } else {
        completed += Number(stated[1]);
        experiments += Number(stated[2]);
      }
      errors += csvNumber(row.fields.n_err) ?? 0;
    }
    if (isCountable) {
      differ(location, `${label}: experiments completed (n_completed)`, completed, imported.completed, exactSame);
      differ(location, `${label}: experiments (n_completed's total)`, experiments, imported.experiments, exactSame);
    }
    if (header.includes("n_err")) differ(location, `${label}: experiments with an error (n_err)`, errors, imported.errors, exactSame);
    if (group.length === 1) {
      differ(location, `${label}: avg_reward`, csvNumber(first.fields.avg_reward), imported.avgReward, round3Same);
      if (header.includes("avg_steps")) differ(location, `${label}: avg_steps`, csvNumber(first.fields.avg_steps), imported.avgSteps, round3Same);
    }
  }
  // summarize writes no row for a group with nothing completed.
  for (const [key, group] of episodesByKey) {
    if (rowsByKey.has(key)) continue;
    const imported = summarizeEpisodes(group);
    if (imported.completed === 0) continue;
    const label = labelOf(group[0]!.agentName, group[0]!.benchmark);
    differences.push({ type: "figure_difference", location: { file, line: null }, run, metric: `${label}: experiments completed (no row in the file)`, fileValue: null, importedValue: imported.completed });
  }
  return { differences, notes };
}

type ResultRow = { line: number; fields: Record<string, string> };

/** Checks result_df's rows, one per experiment (matched by the last part of `exp_dir`),
 * against each experiment's summary_info.json: cum_reward, n_steps and whether it erred. */
export function checkResultRows(file: string, run: string, header: string[], rows: ResultRow[], episodes: EpisodeFacts[]): CheckOutput {
  const differences: FigureDifference[] = [];
  const notes: SourceNote[] = [];
  if (!header.includes("exp_dir")) {
    notes.push({ type: "note", location: { file, line: 1 }, reason: "no exp_dir column: its rows cannot be matched to the experiment folders, so they are not checked" });
    return { differences, notes };
  }
  const byFolder = new Map(episodes.map((e) => [e.folder, e]));
  const seen = new Set<string>();
  for (const row of rows) {
    const folder = foreignBasename(row.fields.exp_dir ?? "");
    const location = { file, line: row.line };
    const episode = byFolder.get(folder);
    if (!episode) {
      notes.push({ type: "note", location, reason: `the row of experiment "${folder}" has no experiment folder here (a relaunch renames an experiment's earlier attempt to "_${folder}", which AgentLab and Verity skip): not checked` });
      continue;
    }
    if (seen.has(folder)) {
      notes.push({ type: "note", location, reason: `a second row of experiment "${folder}": not checked` });
      continue;
    }
    seen.add(folder);
    const s = episode.summary;
    if (header.includes("cum_reward")) {
      const stated = csvNumber(row.fields.cum_reward);
      if (!sameFigure(stated, s?.cumReward ?? null, exactSame)) differences.push({ type: "figure_difference", location, run, metric: `${folder}: cum_reward`, fileValue: stated, importedValue: s?.cumReward ?? null });
    }
    if (header.includes("n_steps")) {
      const stated = csvNumber(row.fields.n_steps);
      if (!sameFigure(stated, s?.nSteps ?? null, exactSame)) differences.push({ type: "figure_difference", location, run, metric: `${folder}: n_steps`, fileValue: stated, importedValue: s?.nSteps ?? null });
    }
    // pandas writes a missing err_msg and an empty one alike, as an empty field.
    if (header.includes("err_msg") && s) {
      const stated = (row.fields.err_msg ?? "") !== "" ? 1 : 0;
      const imported = s.hasErrorText ? 1 : 0;
      if (stated !== imported) differences.push({ type: "figure_difference", location, run, metric: `${folder}: has an err_msg (1 yes, 0 no)`, fileValue: stated, importedValue: imported });
    }
  }
  const missing = episodes.filter((e) => !seen.has(e.folder)).map((e) => e.folder);
  if (missing.length) {
    const listed = missing.slice(0, 10).map((m) => `"${m}"`).join(", ");
    notes.push({ type: "note", location: { file, line: null }, reason: `${missing.length} experiment folder(s) have no row in this file (written before they ran, or added since): ${listed}${missing.length > 10 ? ", ..." : ""}` });
  }
  return { differences, notes };
}

/** The errors error_report counts: the sum of its "## <count>x : " headings, and how many kinds. */
export function countErrorReport(text: string): { errors: number; kinds: number } {
  let errors = 0;
  let kinds = 0;
  for (const m of text.matchAll(/^## (\d+)x : /gm)) {
    errors += Number(m[1]);
    kinds += 1;
  }
  return { errors, kinds };
}

/** package_versions.txt (loop.py L126-136 save_package_versions): one "<name>==<version>" a line. */
export function parsePackageVersions(text: string): { versions: Map<string, string>; unreadLines: number } {
  const versions = new Map<string, string>();
  let unreadLines = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const at = line.indexOf("==");
    if (at <= 0) unreadLines += 1;
    else versions.set(line.slice(0, at).trim(), line.slice(at + 2).trim());
  }
  return { versions, unreadLines };
}
