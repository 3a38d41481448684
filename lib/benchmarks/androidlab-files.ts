import "server-only";
// AndroidLab's own output files for a run, as reproduced from the import ("reproduced") or
// as corrected by the verified answers ("corrected"), in generate_result.py's shape:
// results.jsonl (one line per task, in the order of the imported results.jsonl, keys
// task_id, task, metric_type, result, RRR, reasonable_operation_ratio), total.jsonl (one line
// per app), output.xlsx and output_detail.xlsx; and corrections.jsonl, one line per task the
// verified answer changed: what, from what to what, by whom. Lines are written the way
// Python's jsonlines writes them (lib/domain/python-json.ts), so a reproduced file equals the
// evaluator's byte for byte where the import allowed reproducing it.
import { pyFromJson, pyJsonDumps, type PyValue } from "@/lib/domain/python-json";
import type { AndroidLabTaskMetrics } from "@/lib/domain/androidlab-episode-metrics";
import { detailRow, OUTPUT_COLUMNS, TOTAL_KEYS, type AppTotal, type OutputRow } from "@/lib/benchmarks/androidlab-totals";
import type { AndroidLabReport, AndroidLabTaskRow } from "@/lib/benchmarks/androidlab-report";
import { pandasXlsx } from "@/lib/benchmarks/pandas-xlsx";

export type Version = "reproduced" | "corrected";
export const ANDROIDLAB_FILES = ["results.jsonl", "total.jsonl", "output.xlsx", "output_detail.xlsx", "corrections.jsonl"] as const;
export type AndroidLabFile = (typeof ANDROIDLAB_FILES)[number];

const which = (version: Version) => (version === "reproduced" ? "original" : "corrected");

function resultDict(result: [string, unknown][]): PyValue {
  return { entries: result.map(([k, v]) => [k, pyFromJson(v)]) };
}

function resultLine(t: AndroidLabTaskRow, m: AndroidLabTaskMetrics): string {
  return pyJsonDumps({
    entries: [
      ["task_id", t.taskId],
      ["task", t.task],
      ["metric_type", t.metricType],
      ["result", resultDict(m.result)],
      ["RRR", m.rrr],
      ["reasonable_operation_ratio", m.ror],
    ],
  });
}

const lines = (items: string[]) => (items.length ? `${items.join("\n")}\n` : "");

export function resultsJsonl(report: AndroidLabReport, version: Version): string {
  return lines(report.tasks.map((t) => resultLine(t, t.metrics[which(version)])));
}

function totalLine(total: AppTotal): string {
  return pyJsonDumps({ entries: TOTAL_KEYS.map((key) => [key, total[key]] as [string, PyValue]) });
}

export function totalJsonl(report: AndroidLabReport, version: Version): string {
  return lines((version === "reproduced" ? report.original : report.corrected).map(totalLine));
}

const cellOf = (v: OutputRow[keyof OutputRow]) => (typeof v === "string" ? v : v.value);

export function outputXlsx(report: AndroidLabReport, version: Version): Promise<Buffer> {
  const row = report.overall[which(version)];
  return pandasXlsx(OUTPUT_COLUMNS, [OUTPUT_COLUMNS.map((c) => cellOf(row[c]))]);
}

export function outputDetailXlsx(report: AndroidLabReport, version: Version): Promise<Buffer> {
  const detail = detailRow(report.run.name, version === "reproduced" ? report.original : report.corrected);
  return pandasXlsx(detail.columns, [detail.values.map((v) => (typeof v === "string" ? v : v.value))]);
}

const shown = (v: unknown): PyValue => pyFromJson(v);

/** corrections.jsonl: per changed task, each figure before and after, and whose answer it is. */
export function correctionsJsonl(report: AndroidLabReport): string {
  return lines(
    report.changed.map((t) => {
      const o = t.metrics.original;
      const c = t.metrics.corrected;
      const valueOf = (m: AndroidLabTaskMetrics, figure: string): PyValue => {
        if (figure === "complete") return m.complete;
        if (figure === "RRR") return m.rrr;
        if (figure === "reasonable_operation_ratio") return m.ror;
        return shown(m.result.find(([k]) => k === figure)?.[1] ?? null);
      };
      return pyJsonDumps({
        entries: [
          ["task_id", t.taskId],
          ["episode", t.episode],
          ["changes", { entries: t.metrics.changed.map((figure) => [figure, { entries: [["from", valueOf(o, figure)], ["to", valueOf(c, figure)]] }] as [string, PyValue]) }],
          ["verified_by", t.verifiedBy ? t.verifiedBy.by : []],
          ["answer_revision", t.verifiedBy?.revisionId ?? null],
          ["revision_source", t.verifiedBy?.source ?? null],
          ["verified_at", t.verifiedBy?.at ?? null],
        ],
      });
    }),
  );
}

export async function androidLabFile(report: AndroidLabReport, file: AndroidLabFile, version: Version): Promise<{ body: Buffer; contentType: string }> {
  const text = (body: string) => ({ body: Buffer.from(body, "utf8"), contentType: "application/x-ndjson; charset=utf-8" });
  const xlsx = (body: Buffer) => ({ body, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  switch (file) {
    case "results.jsonl": return text(resultsJsonl(report, version));
    case "total.jsonl": return text(totalJsonl(report, version));
    case "output.xlsx": return xlsx(await outputXlsx(report, version));
    case "output_detail.xlsx": return xlsx(await outputDetailXlsx(report, version));
    case "corrections.jsonl": return text(correctionsJsonl(report));
  }
}

