import "server-only";
// AgentLab / BrowserGym experiment folders (ServiceNow/AgentLab). A study folder
// `<%Y-%m-%d_%H-%M-%S>_<study name>/` (study.py make_dir) holds one folder per experiment;
// AgentLab finds experiments as the folders holding `exp_args.pkl`, skipping names that start
// with "_" or "." (loop.py yield_all_exp_results). The import root may be a results folder of
// studies, one study, or one experiment. Each study becomes an evaluation run; each
// experiment a trajectory (agentlab-experiment.ts); pickles are refused and named.
import path from "node:path";
import type { FormatParser, ParsedItem, ParserInput, RunRecord } from "@/lib/imports/records";
import { benchmarkOf, parseAgentLabExperiment, parseExperimentName, pickleRejections, SUMMARY_FILE } from "@/lib/imports/formats/agentlab/agentlab-experiment";
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

/** The study an experiment belongs to: its parent folder, when that is the import root or inside it. */
function studyOf(root: string, dir: string): string | null {
  const absRoot = path.resolve(root);
  const parent = path.dirname(path.resolve(dir));
  if (parent !== absRoot && !parent.startsWith(absRoot + path.sep)) return null;
  const name = path.basename(parent);
  return name === "" || name.startsWith(".") || STAGING_NAME.test(name) ? null : name;
}

type Study = { name: string; dir: string; experiments: string[] };

function runOf(root: string, study: Study): RunRecord {
  const names = study.experiments.map((e) => parseExperimentName(path.basename(e)));
  const agents = new Set(names.map((n) => n?.agentName ?? null));
  const benchmarks = new Set(names.map((n) => benchmarkOf(n?.taskName ?? null)));
  return {
    type: "run",
    location: { file: relativeToRoot(root, study.dir), line: null },
    name: `agentlab/${study.name}`,
    benchmark: benchmarks.size === 1 ? [...benchmarks][0]! : "browsergym",
    model: agents.size === 1 ? ([...agents][0] ?? null) : null,
    meta: { study: study.name, experiments: study.experiments.length, agents: [...agents].filter(Boolean) },
  };
}

async function* parseRoot(root: string): AsyncGenerator<ParsedItem> {
  const studies = new Map<string, Study>();
  const loose: string[] = [];
  for await (const dir of experimentDirs(root, 0)) {
    const name = studyOf(root, dir);
    if (!name) {
      loose.push(dir);
      continue;
    }
    const parent = path.dirname(path.resolve(dir));
    const study = studies.get(parent) ?? { name, dir: parent, experiments: [] };
    study.experiments.push(dir);
    studies.set(parent, study);
  }
  for (const study of studies.values()) {
    yield runOf(root, study);
    // study.pkl.gz sits beside the experiments.
    yield* pickleRejections(root, study.dir, await listFiles(study.dir));
  }
  for (const study of studies.values()) {
    for (const dir of study.experiments) yield* parseAgentLabExperiment(root, dir, `agentlab/${study.name}`);
  }
  for (const dir of loose) yield* parseAgentLabExperiment(root, dir, null);
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
