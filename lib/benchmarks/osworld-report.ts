import "server-only";
// An OSWorld run's own figures (xlang-ai/OSWorld show_result.py get_result, read at the
// MintyCo0kie/MGA4OSWorld fork @365e97f, show_result.py L4-65, which keeps upstream's sums):
// per domain, the examples that wrote result.txt ("Runned") and the mean of their scores
// times 100 ("Success Rate"); overall the same over every example; and the Office / Daily /
// Professional groups when all their domains are in the run (show_result.py indexes them
// unconditionally and stops with a KeyError otherwise). Reproduced from the imported scores and
// corrected by the verified answers (success 1.0, failure 0.0), from the stored per-episode
// values (Trajectory.benchmarkMetrics). Written back as result.txt per example and the lines
// show_result.py prints.
import { zipSync, strToU8 } from "fflate";
import type { Db } from "@/lib/db";
import type { OsworldEpisodeMetrics } from "@/lib/domain/benchmark-metrics";
import { pyFloatRepr } from "@/lib/domain/python-json";
import { reviewersOf, type VerifiedBy } from "@/lib/benchmarks/verified-by";

export type OsworldTask = {
  trajectoryId: string;
  domain: string;
  taskId: string;
  path: string;
  metrics: OsworldEpisodeMetrics;
  verifiedBy: VerifiedBy | null;
};

export type DomainRate = { domain: string; runned: number; sum: number; successRate: number | null };

const GROUPS: [string, string[]][] = [
  ["Office", ["libreoffice_calc", "libreoffice_impress", "libreoffice_writer"]],
  ["Daily", ["vlc", "thunderbird", "chrome"]],
  ["Professional", ["gimp", "vs_code"]],
];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function rates(tasks: readonly OsworldTask[], which: "original" | "corrected") {
  const finished = tasks.filter((t) => t.metrics.finished);
  const domains = [...new Set(finished.map((t) => t.domain))].sort();
  // A result.txt that is not a number: show_result.py eval()s it per domain and takes bool()
  // of the text overall (1.0 for any text); Verity has no score for it and counts 0.
  const score = (t: OsworldTask) => t.metrics[which].score ?? 0;
  const perDomain: DomainRate[] = domains.map((domain) => {
    const of = finished.filter((t) => t.domain === domain);
    const sum = of.reduce((s, t) => s + score(t), 0);
    return { domain, runned: of.length, sum, successRate: of.length ? (sum / of.length) * 100 : null };
  });
  const groups = GROUPS.filter(([, members]) => members.every((d) => domains.includes(d))).map(([name, members]) => {
    const of = finished.filter((t) => members.includes(t.domain));
    return { name, successRate: (of.reduce((s, t) => s + score(t), 0) / of.length) * 100 };
  });
  const sum = finished.reduce((s, t) => s + score(t), 0);
  return { perDomain, groups, runned: finished.length, successRate: finished.length ? (sum / finished.length) * 100 : null };
}

export async function loadOsworldReport(db: Db, projectId: string, runId: string) {
  const run = await db.evaluationRun.findFirst({ where: { id: runId, projectId } });
  if (!run || run.benchmark !== "osworld") return null;
  const rows = await db.trajectory.findMany({ where: { projectId, runId }, select: { id: true, model: true, extra: true, benchmarkMetrics: true, finalAnswerId: true }, orderBy: { sourceId: "asc" } });
  const reviewers = await reviewersOf(db, projectId, rows);
  const tasks: OsworldTask[] = rows.flatMap((r) => {
    const m = isObject(r.benchmarkMetrics) && r.benchmarkMetrics.benchmark === "osworld" ? (r.benchmarkMetrics as unknown as OsworldEpisodeMetrics) : null;
    if (!m) return [];
    const e = isObject(r.extra) ? r.extra : {};
    const part = (v: unknown) => (typeof v === "string" && v ? v : "-");
    const domain = part(e.domain);
    const taskId = part(e.taskId);
    return [{ trajectoryId: r.id, domain, taskId, path: [part(e.actionSpace), part(e.observationType), part(r.model), domain, taskId].join("/"), metrics: m, verifiedBy: reviewers.get(r.id) ?? null }];
  });
  return { run: { id: run.id, name: run.name, model: run.model }, tasks, original: rates(tasks, "original"), corrected: rates(tasks, "corrected"), changed: tasks.filter((t) => t.metrics.changed.length) };
}

export type OsworldReport = NonNullable<Awaited<ReturnType<typeof loadOsworldReport>>>;

// print() joins its arguments with spaces and prints a float with repr.
const py = (v: number) => pyFloatRepr(v);

/** The lines show_result.py prints for these figures. */
export function showResultText(report: OsworldReport, version: "reproduced" | "corrected"): string {
  const r = version === "reproduced" ? report.original : report.corrected;
  const out = r.perDomain.map((d) => `Domain: ${d.domain} Runned: ${d.runned} Success Rate: ${py(d.successRate!)} %`);
  out.push(">>>>>>>>>>>>>");
  for (const g of r.groups) out.push(`${g.name} Success Rate: ${py(g.successRate)} %`);
  out.push(r.runned ? `Runned: ${r.runned} Current Success Rate: ${py(r.successRate!)} %` : "New experiment, no result yet.");
  return `${out.join("\n")}\n`;
}

/** A zip of `<action_space>/<observation_type>/<model>/<domain>/<id>/result.txt`, as lib_run_single.py writes them. */
export function resultFilesZip(report: OsworldReport, version: "reproduced" | "corrected"): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const t of report.tasks) {
    const score = t.metrics[version === "reproduced" ? "original" : "corrected"].score;
    if (!t.metrics.finished || score === null) continue;
    files[`${t.path}/result.txt`] = strToU8(`${py(score)}\n`);
  }
  return Buffer.from(zipSync(files));
}
