"use client";
// A model run's live progress: polls the run's progress route while its job is queued or
// running (as the import screen polls its job), and shows the bar, the counts, the speed and
// time left, the request slots held and the errors by kind. When the job ends the page's
// server parts (the items, the Cancel and Resume buttons) are refreshed once. Why a run
// stopped is said in a box of its own: amber for a cancel, red for a failure.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { durationText, runErrorKindLabel, runStateLabel } from "@/components/model-runs/run-labels";
import { RunState } from "@/components/model-runs/run-state";
import { formatNumber } from "@/lib/i18n/format";
import { translator } from "@/lib/i18n/translate";
import type { RunProgressView } from "@/lib/models/runs/run-progress";

const ACTIVE = new Set(["queued", "running"]);
const POLL_MS = 1000;

type Props = { projectId: string; initial: RunProgressView };

export function RunProgress({ projectId, initial }: Props) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const active = ACTIVE.has(progress.status);

  useEffect(() => {
    if (!ACTIVE.has(initial.status)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const response = await fetch(`/api/projects/${projectId}/model-runs/${initial.runId}`, { cache: "no-store" });
        const body = (await response.json()) as { progress?: RunProgressView; error?: { message?: string } };
        if (!response.ok || !body.progress) throw new Error(body.error?.message ?? translator(locale)("modelRuns.progress.status", { status: String(response.status) }));
        if (stopped) return;
        setProgress(body.progress);
        setError(null);
        if (ACTIVE.has(body.progress.status) && body.progress.jobId === initial.jobId) timer = setTimeout(poll, POLL_MS);
        else router.refresh();
      } catch (e) {
        if (stopped) return;
        setError((e as Error).message);
        timer = setTimeout(poll, POLL_MS * 3);
      }
    }
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [projectId, initial.runId, initial.jobId, initial.status, router, locale]);

  const n = (value: number) => formatNumber(locale, value);
  const headline =
    progress.status === "queued" ? t("modelRuns.progress.waiting")
    : progress.status === "running" ? t("modelRuns.progress.working")
    : progress.status === "succeeded" ? t("modelRuns.progress.finished")
    : progress.status === "cancelled" ? t("modelRuns.progress.cancelled")
    : t("modelRuns.progress.stopped");
  const errors = Object.entries(progress.errors).sort(([a], [b]) => a.localeCompare(b));
  const figures: [string, string, string][] = [
    ["done", t("modelRuns.progress.done"), n(progress.done)],
    ["failed", t("modelRuns.progress.failed"), n(progress.failed)],
    ["pending", t("modelRuns.progress.pending"), n(progress.pending)],
    ["requests", t("modelRuns.progress.requests"), n(progress.requests)],
    ["cache-hits", t("modelRuns.progress.cacheHits"), n(progress.cacheHits)],
    ["tokens", t("modelRuns.progress.tokens"), t("modelRuns.pair", { first: n(progress.promptTokens), second: n(progress.completionTokens) })],
  ];
  if (active) {
    figures.push(
      ["speed", t("modelRuns.progress.speed"), progress.itemsPerSecond === null ? t("modelRuns.progress.unknown") : t("modelRuns.progress.rate", { rate: formatNumber(locale, progress.itemsPerSecond, { maximumFractionDigits: 2 }) })],
      ["eta", t("modelRuns.progress.timeLeft"), durationText(t, progress.etaSeconds)],
      ["slots", t("modelRuns.progress.slots"), n(progress.slots)],
    );
  }

  return (
    <section aria-label={t("modelRuns.progress.label")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="run-progress" data-status={progress.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("modelRuns.progress.label")}</h2>
        <p className="text-sm text-slate-700" aria-live="polite">
          <span className="font-medium">{headline}</span> · <span className="tabular-nums">{t("modelRuns.progress.items", { processed: n(progress.done + progress.failed), total: n(progress.total) })}</span>
        </p>
      </div>
      <RunState status={progress.status} stateText={runStateLabel(t, progress.status)} done={progress.done} failed={progress.failed} total={progress.total} shareText={t("modelRuns.progressShare", { done: progress.done + progress.failed, total: progress.total })} />
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([id, label, value]) => (
          <div key={id} className="rounded-md bg-slate-50 p-2" data-testid={`run-figure-${id}`}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="col-span-2 rounded-md bg-slate-50 p-2 sm:col-span-3 lg:col-span-5" data-testid="run-figure-errors">
          <dt className="text-xs text-slate-600">{t("modelRuns.progress.errors")}</dt>
          <dd className="flex flex-wrap gap-2">
            {errors.length === 0
              ? <span className="text-slate-600">{t("modelRuns.progress.noErrors")}</span>
              : errors.map(([kind, count]) => (
                <span key={kind} className="rounded bg-red-50 px-1.5 py-0.5 text-red-900">{t("modelRuns.progress.errorCount", { kind: runErrorKindLabel(t, kind), count: n(count) })}</span>
              ))}
          </dd>
        </div>
      </dl>
      {progress.changedUnderOverride > 0 && <p className="text-sm text-amber-900">{t("modelRuns.progress.changedUnderOverride", { count: n(progress.changedUnderOverride) })}</p>}
      {progress.status === "cancelled" && (
        <p role="status" data-testid="run-stopped" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t("modelRuns.stopped.cancelled", { pending: n(progress.pending) })}
        </p>
      )}
      {progress.status === "failed" && (
        <div role="alert" data-testid="run-stopped" className="space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{t("modelRuns.stopped.failed", { reason: progress.stoppedBecause ?? t("modelRuns.progress.unknown") })}</p>
          <p>{t("modelRuns.stopped.failedHint")}</p>
        </div>
      )}
      {progress.status === "succeeded" && progress.failed > 0 && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{t("modelRuns.finishedWithFailures", { count: n(progress.failed) })}</p>
      )}
      {error && <p role="alert" className="text-sm text-red-700">{t("modelRuns.progress.readFailed", { reason: error })}</p>}
    </section>
  );
}
