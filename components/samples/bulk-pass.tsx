"use client";
// A grid of thumbnails with their boxes for sweeping judged samples by keyboard: arrows move,
// space selects, "a" accepts and "x" rejects the selection (or the focused sample), "z" shows
// the whole screenshots or the neighbourhood of each box (the default: a box is judged there).
// Focus is a blue ring outside the card, selection an amber card with a tick, so a focused
// selected card shows both.
import Link from "next/link";
import { useEffect, useState } from "react";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import { bulkDecideAction } from "@/lib/actions/grounding";
import { useT } from "@/components/i18n/i18n-provider";
import { itemStateLabel } from "@/lib/i18n/labels";
import type { listSamples } from "@/lib/samples/list-samples";

type Sample = Awaited<ReturnType<typeof listSamples>>["samples"][number];
type Props = { project: { id: string; slug: string; name: string }; samples: Sample[]; total: string; nextPage: string | null };

const COLUMNS = 3;

export function BulkPass({ project, samples, total, nextPage }: Props) {
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decided, setDecided] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [aroundBox, setAroundBox] = useState(true);
  const t = useT();

  async function decide(decision: "accept" | "reject") {
    const ids = selected.size ? [...selected] : samples[focus] ? [samples[focus]!.id] : [];
    if (ids.length === 0) return;
    const result = await bulkDecideAction({ projectId: project.id, sampleIds: ids, decision });
    setMessage(result.ok ? result.message : result.error);
    if (!result.ok) return;
    setDecided((d) => ({ ...d, ...Object.fromEntries(ids.map((id) => [id, decision === "accept" ? "verified" : "rejected"])) }));
    setSelected(new Set());
    setFocus((f) => Math.min(samples.length - 1, f + (selected.size ? 0 : 1)));
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
      if (event.key in moves) {
        event.preventDefault();
        setFocus((f) => Math.max(0, Math.min(samples.length - 1, f + moves[event.key]!)));
      } else if (event.key === " ") {
        event.preventDefault();
        const id = samples[focus]?.id;
        if (id) setSelected((s) => { const next = new Set(s); if (next.has(id)) next.delete(id); else next.add(id); return next; });
      } else if (event.key === "a") void decide("accept");
      else if (event.key === "x") void decide("reject");
      else if (event.key === "z") setAroundBox((on) => !on);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}/samples`} className="text-sm text-blue-700 hover:underline">{t("grounding.backToSamples", { project: project.name })}</Link>
          <h1 className="mt-1 text-2xl font-semibold">{t("samples.bulkPass")}</h1>
          <p className="text-sm text-slate-600">
            {t("bulk.match", { total })} <kbd className="rounded border px-1">←↑→↓</kbd> {t("bulk.move")} · <kbd className="rounded border px-1">space</kbd> {t("bulk.select")} ·{" "}
            <kbd className="rounded border px-1">a</kbd> {t("bulk.accept")} · <kbd className="rounded border px-1">x</kbd> {t("bulk.reject")} ({selected.size ? t("bulk.selectedCount", { count: selected.size }) : t("bulk.focused")}) ·{" "}
            <kbd className="rounded border px-1">z</kbd> {aroundBox ? t("bulk.whole") : t("bulk.around")}
          </p>
        </div>
        {message && <p role="status" className="text-sm text-slate-700">{message}</p>}
      </div>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3" aria-label={t("bulk.list")}>
        {samples.map((s, i) => {
          const status = decided[s.id] ?? s.status ?? "";
          const isSelected = selected.has(s.id);
          const ring = i === focus ? "ring-4 ring-blue-600 ring-offset-2" : "";
          const card = isSelected ? "border-2 border-amber-500 bg-amber-50" : "border border-slate-200 bg-white";
          return (
            <li key={s.id} aria-current={i === focus} aria-selected={isSelected} data-status={status}
              className={`relative overflow-hidden rounded-lg ${card} ${ring}`} onClick={() => setFocus(i)}>
              <SampleThumbnail sample={s} aroundBox={aroundBox} />
              {isSelected && <span className="absolute top-2 right-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-semibold text-white">✓ {t("bulk.selected")}</span>}
              <div className="flex items-center justify-between gap-2 p-2 text-sm">
                <span className="line-clamp-2">{s.instruction}</span>
                <span className={status === "verified" ? "text-emerald-700" : status === "rejected" ? "text-rose-700" : "text-slate-500"}>{itemStateLabel(t, status)}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {nextPage && <Link href={nextPage} className="text-sm text-blue-700 hover:underline">{t("list.nextPage")}</Link>}
    </div>
  );
}
