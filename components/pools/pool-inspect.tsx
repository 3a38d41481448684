"use client";
// Before exporting: the pool's next rows drawn on their screenshots as the trainer will get
// them (the prompt, the image, the target where the convention puts it, the row in the
// framework's layout), and what an export would add, change and remove against `latest`.
// Both are asked for on demand: the comparison walks the whole pool.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatNumber } from "@/lib/i18n/format";
import { useState, useTransition } from "react";
import { PreviewRowCard } from "@/components/pools/preview-row";
import { diffPoolAction, previewPoolAction, type DiffPoolResult, type PreviewPoolResult } from "@/lib/actions/pools";

const BUTTON = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60";

function DiffView({ result }: { result: DiffPoolResult }) {
  const locale = useLocale();
  const t = useT();
  if (!result.ok) return <p role="alert" className="text-sm text-red-700">{result.error}</p>;
  const { diff } = result;
  const groups = [
    ["added", t("pools.diff.added"), "text-emerald-800"],
    ["updated", t("pools.diff.updated"), "text-amber-800"],
    ["removed", t("pools.diff.removed"), "text-red-800"],
  ] as const;
  return (
    <div className="space-y-2 text-sm" aria-label={t("pools.diff.region")}>
      <p>
        {diff.baseSnapshotId ? <>{t("pools.diff.against")} <code className="font-mono">{diff.baseSnapshotId}</code>{t("pools.diff.colon")}</> : <>{t("pools.diff.noSnapshot")}</>}
        {t("pools.diff.writes", { rows: formatNumber(locale, diff.rows) })}
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {groups.map(([kind, label, color]) => (
          <li key={kind} className="rounded-md border border-slate-200 bg-white p-2">
            <p className={`font-medium ${color}`}>
              {label} <span className="tabular-nums" data-testid={`diff-${kind}`}>{formatNumber(locale, diff.changes[kind])}</span>
            </p>
            <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-700">
              {diff.examples[kind].map((e) => <li key={`${e.file}:${e.id}`} className="truncate" title={`${e.file}: ${e.id}`}>{e.id} <span className="text-slate-500">({e.file})</span></li>)}
              {diff.changes[kind] > diff.examples[kind].length && <li className="text-slate-500">{t("pools.andMore", { count: diff.changes[kind] - diff.examples[kind].length })}</li>}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PreviewView({ result }: { result: PreviewPoolResult }) {
  const t = useT();
  const locale = useLocale();
  if (!result.ok) return <p role="alert" className="text-sm text-red-700">{result.error}</p>;
  const { preview } = result;
  const left = Object.entries(preview.counts).filter(([k]) => k.startsWith("skipped:") || k.startsWith("excluded:"));
  return (
    <div className="space-y-3">
      {preview.note && <p className="text-sm text-slate-600">{preview.note}</p>}
      {left.length > 0 && <p className="text-sm text-amber-800">{t("pools.leftOut", { reasons: left.map(([k, n]) => `${k.replace(/^(skipped|excluded):/, "")} ${formatNumber(locale, n)}`).join(", ") })}</p>}
      <ul className="grid gap-4 xl:grid-cols-2" aria-label={t("pools.nextRows")}>
        {preview.rows.map((row) => <li key={`${row.file}:${row.key}`}><PreviewRowCard row={row} /></li>)}
      </ul>
    </div>
  );
}

export function PoolInspect({ projectId, poolId, poolName, hasLatest }: { projectId: string; poolId: string; poolName: string; hasLatest: boolean }) {
  const t = useT();
  const [preview, setPreview] = useState<PreviewPoolResult | null>(null);
  const [diff, setDiff] = useState<DiffPoolResult | null>(null);
  const [previewing, startPreview] = useTransition();
  const [comparing, startCompare] = useTransition();
  return (
    <section className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label={t("pools.inspect", { name: poolName })}>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={BUTTON} disabled={previewing} onClick={() => startPreview(async () => setPreview(await previewPoolAction({ projectId, poolId })))}>
          {previewing ? t("pools.drawing") : preview ? t("pools.drawAgain") : t("pools.preview")}
        </button>
        <button type="button" className={BUTTON} disabled={comparing} onClick={() => startCompare(async () => setDiff(await diffPoolAction({ projectId, poolId })))}>
          {comparing ? t("pools.comparing") : hasLatest ? t("pools.compareLatest") : t("pools.countExport")}
        </button>
        {(preview || diff) && <button type="button" className="text-sm text-blue-800 hover:underline" onClick={() => { setPreview(null); setDiff(null); }}>{t("pools.close")}</button>}
      </div>
      {diff && <DiffView result={diff} />}
      {preview && <PreviewView result={preview} />}
    </section>
  );
}
