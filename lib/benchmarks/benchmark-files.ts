import "server-only";
// The files a run is written back as, in its benchmark's own shape, by name: what the run
// page offers for download and `verity benchmark-export` writes. One loader per benchmark
// (each reads stored values only); the run's benchmark decides which files exist.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { pyJsonDumps, type PyValue } from "@/lib/domain/python-json";
import { loadAndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import { androidLabFile, type AndroidLabFile, type Version } from "@/lib/benchmarks/androidlab-files";
import { FILES_BY_BENCHMARK } from "@/lib/benchmarks/benchmark-files-list";

export { FILES_BY_BENCHMARK };
import { loadOsworldReport, resultFilesZip, showResultText } from "@/lib/benchmarks/osworld-report";
import { loadWebVoyagerReport, perSiteResults } from "@/lib/benchmarks/webvoyager-report";
import { loadScreenSpotProReport } from "@/lib/benchmarks/screenspot-pro-report";
import { metricsFileText } from "@/lib/benchmarks/screenspot-pro-metrics-file";
import { evaluatorSlices } from "@/lib/runs/grounding-accuracy";
import type { VerifiedBy } from "@/lib/benchmarks/verified-by";

export type { Version };
export type BenchmarkFile = { body: Buffer; contentType: string };

const TEXT = "text/plain; charset=utf-8";
const NDJSON = "application/x-ndjson; charset=utf-8";
const text = (body: string, contentType = TEXT): BenchmarkFile => ({ body: Buffer.from(body, "utf8"), contentType });


/** Which benchmark's files a run has: its benchmark, or ScreenSpot-Pro for a grounding results file. */
export async function runBenchmark(db: Db, projectId: string, runId: string): Promise<string | null> {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId }, select: { benchmark: true, meta: true } });
  if (!run) return null;
  const meta = run.meta as Record<string, unknown> | null;
  if (meta && typeof meta === "object" && meta.kind === "grounding-results") return "screenspot-pro";
  return run.benchmark in FILES_BY_BENCHMARK ? run.benchmark : null;
}

type Correction = { taskId: string; changes: [string, PyValue, PyValue][]; verifiedBy: VerifiedBy | null };

function correctionLines(corrections: Correction[]): string {
  return corrections
    .map((c) =>
      pyJsonDumps({
        entries: [
          ["task_id", c.taskId],
          ["changes", { entries: c.changes.map(([figure, from, to]) => [figure, { entries: [["from", from], ["to", to]] }] as [string, PyValue]) }],
          ["verified_by", c.verifiedBy?.by ?? []],
          ["answer_revision", c.verifiedBy?.revisionId ?? null],
          ["revision_source", c.verifiedBy?.source ?? null],
          ["verified_at", c.verifiedBy?.at ?? null],
        ],
      }),
    )
    .map((l) => `${l}\n`)
    .join("");
}

const score = (v: number | null): PyValue => (v === null ? null : { py: "float", value: v });

export async function benchmarkFile(db: Db, projectId: string, runId: string, name: string, version: Version): Promise<BenchmarkFile> {
  const benchmark = await runBenchmark(db, projectId, runId);
  if (!benchmark) throw new AppError("not_found", "This run has no benchmark files.");
  if (!FILES_BY_BENCHMARK[benchmark]!.includes(name)) throw new AppError("invalid_input", `A ${benchmark} run has no file ${name}: ${FILES_BY_BENCHMARK[benchmark]!.join(", ")}.`);
  if (benchmark === "androidlab") return androidLabFile((await loadAndroidLabReport(db, projectId, runId))!, name as AndroidLabFile, version);
  if (benchmark === "osworld") {
    const report = (await loadOsworldReport(db, projectId, runId))!;
    if (name === "show_result.txt") return text(showResultText(report, version));
    if (name === "result_files.zip") return { body: resultFilesZip(report, version), contentType: "application/zip" };
    return text(correctionLines(report.changed.map((t) => ({ taskId: t.path, changes: [["score", score(t.metrics.original.score), score(t.metrics.corrected.score)]], verifiedBy: t.verifiedBy }))), NDJSON);
  }
  if (benchmark === "webvoyager") {
    const report = (await loadWebVoyagerReport(db, projectId, runId))!;
    if (name === "auto_eval_results.txt") return text(perSiteResults(report, version));
    const outcome = (v: boolean | null): PyValue => (v === null ? null : { py: "int", value: v ? 1 : 0 });
    return text(correctionLines(report.changed.map((t) => ({ taskId: t.taskId, changes: [["Auto_eval_res", outcome(t.auto), outcome(t.corrected)]], verifiedBy: t.verifiedBy }))), NDJSON);
  }
  const report = (await loadScreenSpotProReport(db, projectId, runId))!;
  const block = version === "reproduced" ? report.reproduced : report.corrected;
  return text(metricsFileText(block, await evaluatorSlices(db, projectId, runId)), "application/json");
}

