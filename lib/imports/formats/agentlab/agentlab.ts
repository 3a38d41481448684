import "server-only";
// AgentLab / BrowserGym experiment folders (ServiceNow/AgentLab). A study folder
// `<%Y-%m-%d_%H-%M-%S>_<study name>/` (study.py make_dir) holds one folder per experiment;
// AgentLab finds experiments as the folders holding `exp_args.pkl`, skipping names that start
// with "_" or "." (loop.py yield_all_exp_results). The import root may be a results folder of
// studies, one study, or one experiment. Each study becomes an evaluation run; each
// experiment a trajectory (agentlab-experiment.ts); pickles are refused and named. The files a
// study keeps beside its experiments (result_df, summary_df, error_report) are checked against
// them (agentlab-study-files.ts), and every other entry is named in the report as not read.
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput, RunRecord } from "@/lib/imports/records";
import { benchmarkOf, parseAgentLabExperiment, parseExperimentName, pickleRejections, SUMMARY_FILE } from "@/lib/imports/formats/agentlab/agentlab-experiment";
import { checkStudyFiles, type StudyFilesCheck } from "@/lib/imports/formats/agentlab/agentlab-study-files";
import { studyPackages, surveyExperiment, unreadExperimentEntries, type ExperimentSurvey } from "@/lib/imports/formats/agentlab/agentlab-survey";
import { isFile, listDirectories, listFiles, relativeToRoot } from "@/lib/imports/formats/trajectories/source-files";

const MAX_DEPTH = 3;
// Upload staging folders are named by a random id: such a name is not a study.
const STAGING_NAME = /^[a-f0-9]{24}$/;

async function isExperiment(dir: string): Promise<boolean> {
  return (await isFile(path.join(dir, "exp_args.pkl"))) || (await isFile(path.join(dir, SUMMARY_FILE)));
}

async function* experimentDirs(dir: string, depth: number): AsyncGenerator<string> {
  if (await isExperiment(dir)) {
    yield dir;
    return;
  }
  if (depth >= MAX_DEPTH) return;
  for (const name of await listDirectories(dir)) {
    if (name.startsWith("_") || name.startsWith(".")) continue;
    yield* experimentDirs(path.join(dir, name), depth + 1);
  }
}

/** The study an experiment belongs to: its parent folder, when that is the import root or
 * inside it; `name` is null for a folder named like an upload's staging folder. */
function studyOf(root: string, dir: string): { dir: string; name: string | null } | null {
  const absRoot = path.resolve(root);
  const parent = path.dirname(path.resolve(dir));
  if (parent !== absRoot && !parent.startsWith(absRoot + path.sep)) return null;
  const name = path.basename(parent);
  return { dir: parent, name: name === "" || name.startsWith(".") || STAGING_NAME.test(name) ? null : name };
}

type Walk = { experiments: string[]; folders: string[]; hidden: string[] };

/** Every experiment, the folders passed through to reach them, and the "_" folders AgentLab
 * skips (loop.py L877-881), which the report names. */
async function walk(dir: string, depth: number, out: Walk): Promise<Walk> {
  if (await isExperiment(dir)) {
    out.experiments.push(dir);
    return out;
  }
  out.folders.push(path.resolve(dir));
  if (depth >= MAX_DEPTH) return out;
  for (const name of await listDirectories(dir)) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("_")) out.hidden.push(path.join(dir, name));
    else await walk(path.join(dir, name), depth + 1, out);
  }
  return out;
}

type Study = { name: string | null; dir: string; experiments: ExperimentSurvey[] };

function runOf(root: string, study: Study & { name: string }, packages: Record<string, string | string[]> | null, check: StudyFilesCheck): RunRecord {
  const names = study.experiments.map((e) => parseExperimentName(e.facts.folder));
  const agents = new Set(names.map((n) => n?.agentName ?? null));
  const benchmarks = new Set(names.map((n) => benchmarkOf(n?.taskName ?? null)));
  return {
    type: "run",
    location: { file: relativeToRoot(root, study.dir), line: null },
    name: `agentlab/${study.name}`,
    benchmark: benchmarks.size === 1 ? [...benchmarks][0]! : "browsergym",
    model: agents.size === 1 ? ([...agents][0] ?? null) : null,
    meta: {
      study: study.name,
      experiments: study.experiments.length,
      agents: [...agents].filter(Boolean),
      ...(packages ? { packageVersions: packages } : {}),
      ...(check.checked.length ? { studyFilesCheck: { files: check.checked, differenceCount: check.differenceCount } } : {}),
    },
  };
}

const isInside = (folder: string, dir: string) => path.resolve(dir).startsWith(folder + path.sep);

async function* parseRoot(root: string): AsyncGenerator<ParsedItem> {
  const found = await walk(root, 0, { experiments: [], folders: [], hidden: [] });
  const studies = new Map<string, Study>();
  const loose: ExperimentSurvey[] = [];
  const all: ExperimentSurvey[] = [];
  for (const dir of found.experiments) {
    const survey = await surveyExperiment(root, dir);
    all.push(survey);
    const of = studyOf(root, dir);
    if (!of) {
      loose.push(survey);
      continue;
    }
    const study: Study = studies.get(of.dir) ?? { ...of, experiments: [] };
    study.experiments.push(survey);
    studies.set(of.dir, study);
  }
  for (const study of studies.values()) {
    const runName = study.name ? `agentlab/${study.name}` : null;
    const names = await listFiles(study.dir);
    const check = await checkStudyFiles(root, study.dir, names, runName ?? (relativeToRoot(root, study.dir) || "."), study.experiments.map((e) => e.facts));
    const packages = studyPackages(study.experiments, runName !== null);
    if (study.name) yield runOf(root, { ...study, name: study.name }, packages.meta, check);
    yield* check.items;
    if (!check.checked.some((f) => /(^|\/)(result_df|summary_df|study_summary)[^/]*\.csv$/.test(f))) {
      yield { type: "note", location: { file: relativeToRoot(root, study.dir), line: null }, reason: "no result_df or summary_df (AgentLab's Study.get_results writes them): the experiments are imported without a cross-check" };
    }
    if (packages.note) yield packages.note;
    yield* unreadExperimentEntries(study.experiments);
    // study.pkl.gz sits beside the experiments.
    yield* pickleRejections(root, study.dir, names);
  }
  // A folder of studies: its own files (a SequentialStudies' summary) cover every experiment beneath.
  for (const folder of found.folders) {
    if (studies.has(folder)) continue;
    const names = await listFiles(folder);
    const beneath = all.filter((e) => isInside(folder, e.dir)).map((e) => e.facts);
    yield* (await checkStudyFiles(root, folder, names, relativeToRoot(root, folder) || ".", beneath)).items;
    yield* pickleRejections(root, folder, names);
  }
  if (loose.length) {
    const packages = studyPackages(loose, false);
    if (packages.note) yield packages.note;
    yield* unreadExperimentEntries(loose);
  }
  for (const dir of found.hidden) {
    yield { type: "note", location: { file: relativeToRoot(root, dir), line: null }, reason: 'skipped, as AgentLab skips it: a folder whose name starts with "_" (a relaunch moves an experiment\'s earlier attempt there)' };
  }
  for (const study of studies.values()) {
    for (const e of study.experiments) yield* parseAgentLabExperiment(root, e.dir, study.name ? `agentlab/${study.name}` : null);
  }
  for (const e of loose) yield* parseAgentLabExperiment(root, e.dir, null);
}

export const agentLabParser: FormatParser = {
  id: "agentlab",
  label: "AgentLab / BrowserGym experiment folders (summary_info.json, screenshots; pickles refused)",
  async detect(input: ParserInput): Promise<boolean> {
    if (input.file !== null) return false;
    for await (const _ of experimentDirs(input.root, 0)) return true;
    return false;
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseRoot(input.root);
  },
};
