"use client";
// Polls an import job: progress bar, throughput and time left while it runs, the report
// when it ends.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { useEffect, useState } from "react";
import { ImportReportView } from "@/components/imports/import-report";
import type { ImportReport } from "@/lib/imports/write/report";
import { translator, type Translate } from "@/lib/i18n/translate";
import { sayIn } from "@/lib/i18n/said";

export type JobView = {
  id: string;
  status: string;
  processed: number;
  total: number | null;
  startedAt: string | null;
  finishedAt: string | null;
  report: ImportReport | null;
  error: string | null;
};

const DONE = new Set(["succeeded", "failed", "cancelled"]);

function formatDuration(t: Translate, seconds: number): string {
  if (!Number.isFinite(seconds)) return "—";
  if (seconds < 60) return t("imports.progress.seconds", { s: Math.ceil(seconds) });
  return t("imports.progress.minutes", { m: Math.floor(seconds / 60), s: Math.ceil(seconds % 60) });
}

function statusText(t: Translate, status: string): string {
  if (status === "succeeded") return t("imports.progress.finished");
  if (status === "failed") return t("imports.progress.failed");
  if (status === "queued") return t("imports.progress.waiting");
  return t("imports.progress.running");
}

export function JobProgress({ projectId, jobId, slug }: { projectId: string; jobId: string; slug?: string }) {
  const locale = useLocale();
  const t = useT();
  const [job, setJob] = useState<JobView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    async function poll() {
      try {
        const response = await fetch(`/api/projects/${projectId}/jobs/${jobId}`, { cache: "no-store" });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error?.message ?? translator(locale)("imports.progress.status", { status: String(response.status) }));
        if (stopped) return;
        setJob(body.job);
        if (!DONE.has(body.job.status)) setTimeout(poll, 700);
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      }
    }
    poll();
    return () => {
      stopped = true;
    };
  }, [projectId, jobId, locale]);

  if (error) return <p role="alert" className="text-red-700">{t("imports.progress.readFailed", { reason: error })}</p>;
  if (!job) return <p className="text-slate-600">{t("imports.progress.starting")}</p>;

  const elapsed = job.startedAt ? ((job.finishedAt ? Date.parse(job.finishedAt) : Date.now()) - Date.parse(job.startedAt)) / 1000 : 0;
  const rate = elapsed > 0 ? job.processed / elapsed : 0;
  const share = job.status === "succeeded" ? 1 : job.total ? Math.min(1, job.processed / job.total) : 0;
  const eta = job.total && rate > 0 ? (job.total - job.processed) / rate : Number.NaN;

  return (
    <section className="space-y-4" aria-label={t("imports.progress.label")}>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="font-medium">
            {statusText(t, job.status)}
          </span>
          <span className="tabular-nums text-slate-600">
            {job.total
              ? t("imports.progress.recordsOf", { processed: job.processed, total: job.total, rate: Math.round(rate) })
              : t("imports.progress.records", { processed: job.processed, rate: Math.round(rate) })}
            {!DONE.has(job.status) && t("imports.progress.left", { time: formatDuration(t, eta) })}
          </span>
        </div>
        <div className="h-3 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
          <div className={`h-full ${job.status === "failed" ? "bg-red-600" : "bg-blue-600"}`} style={{ width: `${share * 100}%` }} />
        </div>
      </div>
      {job.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{job.report?.failure ? sayIn(t, job.report.failure) : job.error}</p>}
      {job.report && DONE.has(job.status) && <ImportReportView report={job.report} slug={slug} />}
    </section>
  );
}
