"use client";
// A grid of thumbnails with their boxes for sweeping judged samples by keyboard: arrows move,
// space selects, "a" accepts and "x" rejects the selection (or the focused sample), "z" shows
// the whole screenshots or the neighbourhood of each box (the default: a box is judged there).
// Focus is a blue ring outside the card, selection an amber card with a tick, so a focused
// selected card shows both. The focused card is always scrolled into view, and a held key
// (auto-repeat) settles one card, never the ones after it: nobody accepts a card they did not see.
// A decision shows at once and moves focus on; a refused one is undone, with the reason.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import { bulkDecideAction } from "@/lib/actions/grounding";
import { useT } from "@/components/i18n/i18n-provider";
import { itemStateLabel } from "@/lib/i18n/labels";
import type { listSamples } from "@/lib/samples/list-samples";

type Sample = Awaited<ReturnType<typeof listSamples>>["samples"][number];
type Props = { project: { id: string; slug: string; name: string }; samples: Sample[]; total: string; nextPage: string | null };

const COLUMNS = 3;
const MOVES: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };

export function BulkPass({ project, samples, total, nextPage }: Props) {
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decided, setDecided] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [aroundBox, setAroundBox] = useState(true);
  const cards = useRef<(HTMLLIElement | null)[]>([]);
  const t = useT();

  useEffect(() => {
    cards.current[focus]?.scrollIntoView({ block: "nearest" });
  }, [focus]);

  async function decide(decision: "accept" | "reject") {
    const ids = selected.size ? [...selected] : samples[focus] ? [samples[focus]!.id] : [];
    if (ids.length === 0) return;
    const before = Object.fromEntries(ids.map((id) => [id, decided[id]]));
    setDecided((d) => ({ ...d, ...Object.fromEntries(ids.map((id) => [id, decision === "accept" ? "verified" : "rejected"])) }));
    setSelected(new Set());
    if (!selected.size) setFocus(Math.min(samples.length - 1, focus + 1));
    const result = await bulkDecideAction({ projectId: project.id, sampleIds: ids, decision });
    setMessage(result.ok ? result.message : result.error);
    if (result.ok) return;
    setDecided((d) => {
      const back = { ...d };
      for (const id of ids) if (before[id] === undefined) delete back[id]; else back[id] = before[id]!;
      return back;
    });
    setFocus(Math.max(0, samples.findIndex((x) => x.id === ids[0])));
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Arrows may repeat (moving is harmless); a held key that selects or settles acts once.
      if (event.repeat && !(event.key in MOVES)) {
        if (event.key === " ") event.preventDefault();
        return;
      }
      if (event.key in MOVES) {
        event.preventDefault();
        setFocus((f) => Math.max(0, Math.min(samples.length - 1, f + MOVES[event.key]!)));
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
            <li key={s.id} ref={(el) => { cards.current[i] = el; }} aria-current={i === focus} aria-selected={isSelected} data-status={status}
              className={`relative scroll-my-4 overflow-hidden rounded-lg ${card} ${ring}`} onClick={() => setFocus(i)}>
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
