import "server-only";
// A first, light pass over a study's experiment folders, before any record is yielded: what
// each summary_info.json says (for the study files' cross-check, agentlab-study-check.ts),
// the package_versions.txt each experiment saves (loop.py L126-136, L410: the installed Python
// distributions, "<name>==<version>" a line), and every entry of an experiment folder that
// the experiment parser neither reads nor refuses, so that the report can name it. The
// study's run is written before its experiments, so whatever goes on the run is known here.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { SourceNote } from "@/lib/imports/records";
import { LOG_FILE, PICKLE, SCREENSHOT, SOM_SCREENSHOT, SUMMARY_FILE, parseExperimentName, readSummary } from "@/lib/imports/formats/agentlab/agentlab-experiment";
import { parsePackageVersions, type EpisodeFacts } from "@/lib/imports/formats/agentlab/agentlab-study-check";
import { joinRef, listDirectories, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

export const PACKAGE_FILE = "package_versions.txt";

export type ExperimentSurvey = {
  dir: string;
  facts: EpisodeFacts;
  packages: { file: string; versions: Map<string, string>; unreadLines: number } | null;
  /** Entries the experiment parser passes over: names of files, and of folders with a "/". */
  unread: { name: string; file: string }[];
};

const isRead = (name: string) => name === SUMMARY_FILE || name === LOG_FILE || name === PACKAGE_FILE || SCREENSHOT.test(name) || SOM_SCREENSHOT.test(name) || PICKLE.test(name);

export async function surveyExperiment(root: string, dir: string): Promise<ExperimentSurvey> {
  const rel = relativeToRoot(root, dir);
  const folder = path.basename(path.resolve(dir));
  const names = await listFiles(dir);
  const { summary } = names.includes(SUMMARY_FILE) ? await readSummary(path.join(dir, SUMMARY_FILE), joinRef(rel, SUMMARY_FILE)) : { summary: null };
  const name = parseExperimentName(folder);
  const hasError = summary ? summary.err_msg !== null && summary.err_msg !== undefined : false;
  const facts: EpisodeFacts = {
    folder,
    agentName: name?.agentName ?? null,
    benchmark: name ? name.taskName.split(".")[0]! : null,
    summary: summary
      ? { cumReward: summary.cum_reward ?? null, nSteps: summary.n_steps, hasError, hasErrorText: !!summary.err_msg, isCompleted: hasError || summary.terminated === true || summary.truncated === true }
      : null,
  };
  let packages: ExperimentSurvey["packages"] = null;
  if (names.includes(PACKAGE_FILE)) {
    const text = await fs.readFile(path.join(dir, PACKAGE_FILE), "utf8").catch(() => null);
    if (text !== null) packages = { file: joinRef(rel, PACKAGE_FILE), ...parsePackageVersions(text) };
  }
  const unread = [
    ...names.filter((n) => !isRead(n) && !n.startsWith(".")).map((n) => ({ name: n, file: joinRef(rel, n) })),
    ...(await listDirectories(dir)).filter((n) => !n.startsWith(".")).map((n) => ({ name: `${n}/`, file: joinRef(rel, n) })),
  ];
  return { dir, facts, packages, unread };
}

export type PackageVersions = { meta: Record<string, string | string[]> | null; note: SourceNote | null };

/** The study's package versions, kept on its run (when it has one): one version per package
 * when every experiment saved the same, else the versions seen (sorted); the note says which. */
export function studyPackages(surveys: ExperimentSurvey[], hasRun: boolean): PackageVersions {
  const saved = surveys.flatMap((s) => (s.packages ? [s.packages] : []));
  if (saved.length === 0) return { meta: null, note: null };
  const seen = new Map<string, Set<string>>();
  for (const p of saved) for (const [name, version] of p.versions) seen.set(name, (seen.get(name) ?? new Set()).add(version));
  const names = [...seen.keys()].sort();
  const meta: Record<string, string | string[]> = {};
  const differing: string[] = [];
  for (const name of names) {
    const versions = [...seen.get(name)!].sort();
    // A package some experiments lack differs too.
    const isEverywhere = saved.every((p) => p.versions.has(name));
    meta[name] = versions.length === 1 ? versions[0]! : versions;
    if (versions.length > 1 || !isEverywhere) differing.push(`${name} (${versions.join(", ")}${isEverywhere ? "" : ", not in every file"})`);
  }
  const unreadLines = saved.reduce((n, p) => n + p.unreadLines, 0);
  const others = saved.length > 1 ? ` and the same file of ${saved.length - 1} other experiment(s)` : "";
  const agreement = differing.length
    ? `; ${differing.length} differ between experiments: ${differing.slice(0, 10).join("; ")}${differing.length > 10 ? "; ..." : ""}`
    : saved.length > 1 ? ", the same in every experiment" : "";
  const reason = `read${others}: package versions (${names.length} packages${agreement})${hasRun ? ", kept on the run" : ", not kept: these experiments have no study folder, so no run"}${unreadLines ? `; ${unreadLines} line(s) not of the form <name>==<version> not read` : ""}`;
  return { meta, note: { type: "note", location: { file: saved[0]!.file, line: null }, reason } };
}

/** One note per name an experiment parser passes over, however many experiments have it. */
export function unreadExperimentEntries(surveys: ExperimentSurvey[]): SourceNote[] {
  const byName = new Map<string, { first: string; count: number }>();
  for (const s of surveys) for (const u of s.unread) {
    const entry = byName.get(u.name);
    if (entry) entry.count += 1;
    else byName.set(u.name, { first: u.file, count: 1 });
  }
  return [...byName].map(([name, { first, count }]) => ({
    type: "note",
    location: { file: first, line: null },
    reason: `not read: ${name.endsWith("/") ? "a folder" : "a file"} the AgentLab importer does not know${count > 1 ? ` (in ${count} experiments; this is the first)` : ""}; only summary_info.json and the screenshots are imported`,
  }));
}
