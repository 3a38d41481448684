// A grounding evaluation run (one results file's answers): its accuracy overall and per
// platform, app, group and UI type, from the stored correctness, and what the check of the
// file's own metrics block found.
import Link from "next/link";
import { estimateText } from "@/components/runs/estimate-text";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { PlainKey, Translate } from "@/lib/i18n/translate";
import type { AccuracyRow, GroundingRunAccuracy } from "@/lib/runs/grounding-accuracy";

type Check = { differenceCount: number; differences: { metric: string; fileValue: number | null; importedValue: number | null }[]; unchecked: string[] };
type Props = {
  project: { slug: string };
  run: { id: string; name: string; benchmark: string; model: string | null; meta: unknown };
  accuracy: GroundingRunAccuracy;
};

function checkOf(meta: unknown): Check | null {
  const check = meta && typeof meta === "object" ? (meta as { metricsCheck?: Check }).metricsCheck : undefined;
  return check ?? null;
}

function Breakdown({ t, num, pct, title, rows }: { t: Translate; num: (n: number) => string; pct: (v: number) => string; title: string; rows: AccuracyRow[] }) {
  return (
    <section aria-label={t("groundingRun.accuracyPer", { title })}>
      <h2 className="mb-2 font-semibold">{t("groundingRun.per", { title })}</h2>
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-100 text-left"><tr><th className="p-2">{title}</th><th className="p-2">{t("groundingRun.answers")}</th><th className="p-2">{t("groundingRun.correct")}</th><th className="p-2">{t("groundingRun.wrongFormat")}</th><th className="p-2">{t("groundingRun.accuracy")}</th></tr></thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.value}><td className="p-2">{r.value}</td><td className="p-2 tabular-nums">{num(r.total)}</td><td className="p-2 tabular-nums">{num(r.correct)}</td><td className="p-2 tabular-nums">{num(r.wrongFormat)}</td><td className="p-2 tabular-nums">{pct(r.accuracy)}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const BREAKDOWNS: ["platform" | "app" | "group" | "uiType", PlainKey][] = [["platform", "groundingRun.platform"], ["app", "groundingRun.app"], ["group", "groundingRun.group"], ["uiType", "groundingRun.uiType"]];

export async function GroundingRunScreen({ project, run, accuracy }: Props) {
  const { t, locale } = await getT();
  const pct = estimateText(t, locale).percent;
  const check = checkOf(run.meta);
  const value = (v: number | null) => (v === null ? t("groundingRun.nothing") : formatNumber(locale, v, { maximumFractionDigits: 20 }));
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}/samples`} className="text-sm text-blue-700 hover:underline">← {t("groundingRun.samples")}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("runs.title", { name: run.name })}</h1>
        <p className="text-sm text-slate-600">{run.benchmark} · {run.model ?? t("runs.unknownModel")} · {t("groundingRun.answerCount", { total: accuracy.total })} · <Link href={`/projects/${project.slug}/runs/${run.id}/benchmark`} className="text-blue-800 hover:underline">{t("groundingRun.metricsLink")}</Link></p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-blue-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t("groundingRun.accuracyRecomputed")}</dt>
          <dd className="mt-1 text-lg tabular-nums" data-testid="grounding-accuracy">{pct(accuracy.accuracy)} <span className="text-slate-500">{t("groundingRun.accuracyFacts", { correct: accuracy.correct, total: accuracy.total, wrongFormat: accuracy.wrongFormat })}</span></dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t("groundingRun.fileMetrics")}</dt>
          <dd className="mt-1 text-sm" data-testid="metrics-check">
            {!check ? t("groundingRun.noMetrics") : check.differenceCount === 0 ? t("groundingRun.metricsHold") : t("groundingRun.metricsDiffer", { count: check.differenceCount })}
          </dd>
        </div>
      </dl>
      {check && check.differences.length > 0 && (
        <ul className="rounded-lg border border-amber-200 bg-white text-sm" aria-label={t("groundingRun.differ")}>
          {check.differences.map((d, i) => (
            <li key={i} className="border-b border-slate-100 px-3 py-1.5 last:border-0"><span className="font-mono text-xs">{d.metric}</span>: {t("groundingRun.fileSays", { file: value(d.fileValue), imported: value(d.importedValue) })}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {BREAKDOWNS.map(([by, key]) => <Breakdown key={by} t={t} num={(n) => formatNumber(locale, n)} pct={pct} title={t(key)} rows={accuracy.by[by]} />)}
      </div>
    </div>
  );
}
