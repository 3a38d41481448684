"use client";
// "Export changes" (incremental: the whole pool, the base's unchanged images carried over)
// and "Full export" (the whole pool, every file copied afresh) for a pool, and the progress of
// the export running now: the job is polled until it ends, then the page refreshes its history.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, useTransition } from "react";
import { startExportAction } from "@/lib/actions/pools";

type Job = { id: string; status: string; processed: number; total: number | null; report: { rows?: number; snapshotId?: string; changes?: { added: number; updated: number; removed: number } } | null; error: string | null };

const DONE = new Set(["succeeded", "failed", "cancelled"]);

function ExportProgress({ projectId, jobId, onDone }: { projectId: string; jobId: string; onDone: () => void }) {
  const locale = useLocale();
  const t = useT();
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    async function poll() {
      try {
        const response = await fetch(`/api/projects/${projectId}/jobs/${jobId}`, { cache: "no-store" });
        const body = await response.json();
        if (!response.ok) throw new Error(body.error?.message ?? t("pools.httpStatus", { status: String(response.status) }));
        if (stopped) return;
        setJob(body.job);
        if (DONE.has(body.job.status)) onDone();
        else setTimeout(poll, 600);
      } catch (e) {
        if (!stopped) setError((e as Error).message);
      }
    }
    poll();
    return () => {
      stopped = true;
    };
    // Not on t: a new function each render, the same language for the page's whole life.
  }, [projectId, jobId, onDone]);

  if (error) return <p role="alert" className="text-sm text-red-700">{t("pools.progressError", { error })}</p>;
  const share = !job ? 0 : job.status === "succeeded" ? 1 : job.total ? Math.min(1, job.processed / job.total) : 0;
  const label = !job || job.status === "queued" ? t("pools.waiting") : job.status === "running" ? t("pools.exporting") : job.status === "succeeded" ? t("pools.finished") : t("pools.failed");
  return (
    <div className="space-y-1" aria-label={t("pools.progress")}>
      <div className="flex justify-between gap-4 text-sm">
        <span className="font-medium">{label}</span>
        {job && (
          <span className="tabular-nums text-slate-600">
            {job.total !== null ? t("pools.itemsOf", { processed: job.processed, total: job.total }) : t("pools.items", { processed: job.processed })} · {t("pools.rowsWritten", { rows: formatNumber(locale, job.report?.rows ?? 0) })}
          </span>
        )}
      </div>
      <div className="h-2.5 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)}>
        <div className={`h-full transition-[width] ${job?.status === "failed" ? "bg-red-600" : job?.status === "succeeded" ? "bg-emerald-600" : "bg-blue-600"}`} style={{ width: `${share * 100}%` }} />
      </div>
      {job?.status === "succeeded" && job.report?.snapshotId && (
        <p role="status" className="text-sm text-emerald-800">
          {t("pools.snapshotWord")} <code className="font-mono">{job.report.snapshotId}</code> {t("pools.written")}
          {job.report.changes && <>{t("pools.writtenChanges", { added: job.report.changes.added, updated: job.report.changes.updated, removed: job.report.changes.removed })}</>}{t("pools.sentenceEnd")}
        </p>
      )}
      {job?.error && <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">{job.error}</p>}
    </div>
  );
}

export function ExportControls({ projectId, poolId, poolName, activeJobId, hasBase }: { projectId: string; poolId: string; poolName: string; activeJobId: string | null; hasBase: boolean }) {
  const t = useT();
  const router = useRouter();
  const [jobId, setJobId] = useState<string | null>(activeJobId);
  const [running, setRunning] = useState(activeJobId !== null);
  const [error, setError] = useState<string | null>(null);
  const [starting, startTransition] = useTransition();
  const busy = starting || running;

  function start(mode: "incremental" | "full") {
    setError(null);
    startTransition(async () => {
      const result = await startExportAction({ projectId, poolId, mode });
      if (!result.ok) return setError(result.error);
      setJobId(result.jobId);
      setRunning(true);
    });
  }

  // Stable, so the progress poller does not restart on every render.
  const onDone = useCallback(() => {
    setRunning(false);
    router.refresh();
  }, [router]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {hasBase && (
          <button type="button" disabled={busy} onClick={() => start("incremental")} aria-label={t("pools.exportChangesTo", { name: poolName })}
            title={t("pools.exportChangesTitle")}
            className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60">
            {t("pools.exportChanges")}
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => start("full")} aria-label={t("pools.fullExportOf", { name: poolName })}
          title={t("pools.fullExportTitle")}
          className={hasBase ? "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60" : "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60"}>
          {t("pools.fullExport")}
        </button>
        {starting && <span className="text-sm text-slate-600">{t("pools.starting")}</span>}
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {jobId && <ExportProgress key={jobId} projectId={projectId} jobId={jobId} onDone={onDone} />}
    </div>
  );
}
