"use client";
// One complete snapshot opened from the history: its manifest (filters, counts, the sources
// it rests on, every file with its sha256) and a download link per file. The manifest is
// fetched when opened; source id lists can run to millions, so only their size and first
// ids are shown here (the downloaded manifest has them all).
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { useEffect, useState } from "react";
import type { SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import { exportModeLabel } from "@/components/pools/snapshot-labels";

const SHOWN_IMAGES = 100;

function bytes(locale: Locale, n: number): string {
  const one = (v: number) => formatNumber(locale, Number(v.toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (n < 1024) return `${formatNumber(locale, n)} B`;
  if (n < 1048576) return `${one(n / 1024)} KB`;
  return `${one(n / 1048576)} MB`;
}

function Ids({ label, ids }: { label: string; ids: string[] }) {
  const locale = useLocale();
  const t = useT();
  return (
    <div>
      <dt className="font-medium text-slate-700">{label} ({formatNumber(locale, ids.length)})</dt>
      <dd className="break-all font-mono text-xs text-slate-600">{ids.length === 0 ? t("common.none") : `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ", …" : ""}`}</dd>
    </div>
  );
}

export function SnapshotDetails({ base }: { base: string }) {
  const locale = useLocale();
  const t = useT();
  const [manifest, setManifest] = useState<SnapshotManifest | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    fetch(`${base}/manifest`, { cache: "no-store" })
      .then(async (response) => {
        const body = await response.json();
        if (!response.ok) throw new Error(body.error?.message ?? t("pools.httpStatus", { status: String(response.status) }));
        if (!stopped) setManifest(body as SnapshotManifest);
      })
      .catch((e: Error) => !stopped && setError(e.message));
    return () => {
      stopped = true;
    };
    // Not on t: a new function each render, the same language for the page's whole life.
  }, [base]);

  if (error) return <p role="alert" className="text-sm text-red-700">{t("snapshot.readError", { error })}</p>;
  if (!manifest) return <p className="text-sm text-slate-600">{t("snapshot.reading")}</p>;
  const fileUrl = (name: string) => `${base}/files?name=${encodeURIComponent(name)}`;
  const data = manifest.files.filter((f) => !f.name.startsWith("images/"));
  const images = manifest.files.filter((f) => f.name.startsWith("images/"));
  return (
    <div className="grid gap-6 text-sm lg:grid-cols-2" aria-label={t("snapshot.manifestOf", { id: manifest.snapshotId })}>
      <section className="space-y-2">
        <h4 className="font-semibold">{t("snapshot.files")}</h4>
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
          <li className="flex items-center justify-between gap-3 p-2">
            <a href={`${base}/manifest?download=1`} className="font-mono text-blue-800 hover:underline">manifest.json</a>
            <span className="text-xs text-slate-500">{t("snapshot.writtenLast")}</span>
          </li>
          {data.map((f) => (
            <li key={f.name} className="flex items-center justify-between gap-3 p-2">
              <a href={fileUrl(f.name)} className="font-mono text-blue-800 hover:underline">{f.name}</a>
              <span className="text-right text-xs tabular-nums text-slate-500">{bytes(locale, f.bytes)} · <span title={f.sha256}>sha256 {f.sha256.slice(0, 12)}…</span></span>
            </li>
          ))}
        </ul>
        {images.length > 0 && (
          <details className="rounded-md border border-slate-200 bg-white p-2">
            <summary className="cursor-pointer">images/ {t("snapshot.imageFiles", { count: images.length, size: bytes(locale, images.reduce((n, f) => n + f.bytes, 0)) })}</summary>
            <ul className="mt-2 max-h-48 space-y-0.5 overflow-y-auto font-mono text-xs">
              {images.slice(0, SHOWN_IMAGES).map((f) => <li key={f.name}><a href={fileUrl(f.name)} className="text-blue-800 hover:underline">{f.name}</a></li>)}
              {images.length > SHOWN_IMAGES && <li className="text-slate-500">{t("snapshot.moreImages", { count: images.length - SHOWN_IMAGES })}</li>}
            </ul>
          </details>
        )}
      </section>
      <section className="space-y-3">
        <h4 className="font-semibold">{t("snapshot.manifest")}</h4>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t("snapshot.created")}</dt><dd className="tabular-nums">{formatDateTime(locale, manifest.createdAt, { seconds: true })}</dd>
          <dt className="text-slate-600">Verity</dt><dd>{manifest.verityVersion}</dd>
          <dt className="text-slate-600">{t("snapshot.unverified")}</dt><dd>{manifest.unverifiedIncluded ? t("snapshot.included") : t("common.none")}</dd>
          {manifest.mode && <><dt className="text-slate-600">{t("snapshot.written")}</dt><dd>{exportModeLabel(t, manifest.mode)}{manifest.baseSnapshotId ? <> {t("snapshot.against")} <code className="font-mono text-xs">{manifest.baseSnapshotId}</code></> : t("snapshot.poolsFirst")}</dd></>}
          {manifest.changes && <><dt className="text-slate-600">{t("snapshot.changes")}</dt><dd>{t("snapshot.changeCounts", { added: manifest.changes.added, updated: manifest.changes.updated, removed: manifest.changes.removed })}</dd></>}
          {manifest.provenance?.convention && <><dt className="text-slate-600">{t("pools.coordinates")}</dt><dd>{t("snapshot.convention", { id: manifest.provenance.convention.id, target: manifest.provenance.convention.target, rounding: manifest.provenance.convention.rounding })}</dd></>}
          {manifest.provenance?.template && <><dt className="text-slate-600">{t("snapshot.prompt")}</dt><dd>{manifest.provenance.template.label}</dd></>}
          {Object.entries(manifest.filters).map(([key, value]) => (
            <FilterRow key={key} name={key} value={value} />
          ))}
        </dl>
        <div>
          <h5 className="font-medium text-slate-700">{t("snapshot.counts")}</h5>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {Object.entries(manifest.counts).map(([key, n]) => (
              <li key={key} className="rounded bg-slate-100 px-2 py-0.5 text-xs"><span className="text-slate-600">{key}</span> <span className="font-medium tabular-nums">{formatNumber(locale, n)}</span></li>
            ))}
          </ul>
        </div>
        <dl className="space-y-2">
          <Ids label={t("snapshot.revisions")} ids={manifest.revisionIds} />
          <Ids label={t("snapshot.overrides")} ids={manifest.overrideIds} />
        </dl>
      </section>
    </div>
  );
}

function FilterRow({ name, value }: { name: string; value: unknown }) {
  const text = value === null ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);
  return (
    <>
      {/* The manifest's own field name, as manifest.json spells it in either language. */}
      <dt className="text-slate-600"><code className="font-mono text-xs">{name}</code></dt>
      <dd className="break-all">{text}</dd>
    </>
  );
}
