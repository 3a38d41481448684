import "server-only";
// `npm run verity -- benchmark-export <out-dir> --project <slug> --run <name> [--reproduced] [--json]`:
// writes a run's files in its benchmark's own shape (AndroidLab's results.jsonl, total.jsonl,
// output.xlsx, output_detail.xlsx and corrections.jsonl; OSWorld's show_result.txt and
// result.txt per example; ...) into a new directory, the same files the run's benchmark page
// offers. It never overwrites: the directory must not exist or be empty.
import { mkdirSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { benchmarkFile, FILES_BY_BENCHMARK, runBenchmark } from "@/lib/benchmarks/benchmark-files";
import { findProjectBySlug } from "@/lib/projects/projects";

type Command = { out: string; slug: string; run: string; reproduced: boolean; json: boolean };

export async function runBenchmarkExportCommand(db: Db, command: Command): Promise<void> {
  const project = await findProjectBySlug(db, command.slug);
  if (!project) throw new AppError("not_found", `No project ${command.slug}.`);
  const run = await db.evaluationRun.findUnique({ where: { projectId_name: { projectId: project.id, name: command.run } } });
  if (!run) throw new AppError("not_found", `No run ${command.run} in project ${command.slug}.`);
  const benchmark = await runBenchmark(db, project.id, run.id);
  if (!benchmark) throw new AppError("invalid_input", `Run ${command.run} is a ${run.benchmark} run, which has no benchmark files of its own.`);
  if (existsSync(command.out) && readdirSync(command.out).length > 0) throw new AppError("invalid_input", `${command.out} is not empty; benchmark-export writes into a new or empty directory.`);
  mkdirSync(command.out, { recursive: true });
  const version = command.reproduced ? "reproduced" : "corrected";
  const written: string[] = [];
  for (const name of FILES_BY_BENCHMARK[benchmark]!) {
    if (name === "corrections.jsonl" && version === "reproduced") continue;
    const file = await benchmarkFile(db, project.id, run.id, name, version);
    writeFileSync(path.join(command.out, name), file.body, { flag: "wx" });
    written.push(name);
  }
  console.error(`Wrote ${written.length} ${benchmark} files (${version}) of run ${run.name} to ${command.out}.`);
  if (command.json) console.log(JSON.stringify({ benchmark, version, dir: command.out, files: written }));
  else for (const name of written) console.log(path.join(command.out, name));
}
