"use client";
// A pool's snapshots, newest first: how it was written (full / incremental) with its changes
// against its base, status, rows, counts, when and how long; a complete one opens to its
// manifest and file downloads.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { exportModeLabel, snapshotStatusLabel } from "@/components/pools/snapshot-labels";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { Fragment, useState } from "react";
import { SnapshotDetails } from "@/components/pools/snapshot-details";
import type { SnapshotView } from "@/lib/pools/pool-overview";

const STATUS_STYLE: Record<string, string> = {
  complete: "bg-emerald-100 text-emerald-900",
  writing: "bg-blue-100 text-blue-900",
  failed: "bg-red-100 text-red-900",
};

function duration(t: Translate, locale: Locale, ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return t("snapshot.ms", { value: formatNumber(locale, ms) });
  if (ms < 60_000) return t("charts.seconds", { value: formatNumber(locale, Number((ms / 1000).toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return t("snapshot.minSec", { min: Math.floor(ms / 60_000), sec: Math.round((ms % 60_000) / 1000) });
}

// The counts worth a glance in the table; the manifest has them all.
function Headline({ counts }: { counts: Record<string, number> }) {
  const locale = useLocale();
  const shown = Object.entries(counts).filter(([k]) => k.startsWith("tier:") || k.startsWith("skipped:") || k === "images");
  if (shown.length === 0) return <>—</>;
  return (
    <span className="flex flex-wrap gap-x-2">
      {shown.map(([k, n]) => <span key={k} className="whitespace-nowrap">{k.replace(/^tier:/, "")} {formatNumber(locale, n)}</span>)}
    </span>
  );
}

export function SnapshotHistory({ projectId, poolId, snapshots }: { projectId: string; poolId: string; snapshots: SnapshotView[] }) {
  const locale = useLocale();
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  if (snapshots.length === 0) return <p className="text-sm text-slate-600">{t("snapshot.none")}</p>;
  return (
    <table className="w-full text-sm" aria-label={t("snapshot.history")}>
      <thead className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th className="py-2 pr-3 font-medium">{t("snapshot.snapshot")}</th>
          <th className="py-2 pr-3 font-medium">{t("snapshot.export")}</th>
          <th className="py-2 pr-3 font-medium">{t("snapshot.status")}</th>
          <th className="py-2 pr-3 text-right font-medium">{t("snapshot.rows")}</th>
          <th className="py-2 pr-3 font-medium">{t("snapshot.counts")}</th>
          <th className="py-2 pr-3 font-medium">{t("snapshot.created")}</th>
          <th className="py-2 pr-3 text-right font-medium">{t("snapshot.took")}</th>
          <th className="py-2 font-medium"><span className="sr-only">{t("snapshot.open")}</span></th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {snapshots.map((s) => (
          <Fragment key={s.id}>
            <tr className="align-top">
              <td className="py-2 pr-3 font-mono text-xs">{s.id}</td>
              <td className="py-2 pr-3">
                {s.mode ? exportModeLabel(t, s.mode) : t("snapshot.beforeComplete")}
                {s.changes && <p className="text-xs text-slate-600" title={s.baseSnapshotId ? t("snapshot.againstId", { id: s.baseSnapshotId }) : t("snapshot.firstOfPool")}>+{s.changes.added} ~{s.changes.updated} −{s.changes.removed}</p>}
              </td>
              <td className="py-2 pr-3">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_STYLE[s.status] ?? "bg-slate-100"}`}>{snapshotStatusLabel(t, s.status)}</span>
                {s.error && <p className="mt-1 max-w-xs text-xs text-red-800">{s.error}</p>}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{s.status === "complete" ? formatNumber(locale, s.rowCount) : "—"}</td>
              <td className="py-2 pr-3 text-xs text-slate-600"><Headline counts={s.counts} /></td>
              <td className="whitespace-nowrap py-2 pr-3 tabular-nums"><time dateTime={s.createdAt}>{formatDateTime(locale, s.createdAt)}</time></td>
              <td className="py-2 pr-3 text-right tabular-nums">{duration(t, locale, s.durationMs)}</td>
              <td className="py-2 text-right">
                {s.status === "complete" && (
                  <button type="button" onClick={() => setOpen(open === s.id ? null : s.id)} aria-expanded={open === s.id} aria-label={open === s.id ? t("snapshot.closeId", { id: s.id }) : t("snapshot.openId", { id: s.id })}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs hover:bg-slate-50">
                    {open === s.id ? t("pools.close") : t("snapshot.manifestFiles")}
                  </button>
                )}
              </td>
            </tr>
            {open === s.id && (
              <tr>
                <td colSpan={8} className="bg-slate-50 p-3">
                  <SnapshotDetails base={`/api/projects/${projectId}/pools/${poolId}/snapshots/${s.id}`} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
