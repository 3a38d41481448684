"use client";
// A grid of thumbnails with their boxes for sweeping judged samples by keyboard: arrows move,
// space selects, "a" accepts and "x" rejects the selection (or the focused sample).
import Link from "next/link";
import { useEffect, useState } from "react";
import { SampleThumbnail } from "@/components/projects/sample-thumbnail";
import { bulkDecideAction } from "@/lib/actions/grounding";
import { ITEM_STATE_LABELS, type ItemState } from "@/lib/domain/item-lifecycle";
import type { listSamples } from "@/lib/samples/list-samples";

type Sample = Awaited<ReturnType<typeof listSamples>>["samples"][number];
type Props = { project: { id: string; slug: string; name: string }; samples: Sample[]; total: string; nextPage: string | null };

const COLUMNS = 4;

export function BulkPass({ project, samples, total, nextPage }: Props) {
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decided, setDecided] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

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
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${project.slug}/samples`} className="text-sm text-blue-700 hover:underline">← Samples of {project.name}</Link>
          <h1 className="mt-1 text-2xl font-semibold">Bulk pass</h1>
          <p className="text-sm text-slate-600">
            {total} samples match. <kbd className="rounded border px-1">←↑→↓</kbd> move · <kbd className="rounded border px-1">space</kbd> select ·{" "}
            <kbd className="rounded border px-1">a</kbd> accept · <kbd className="rounded border px-1">x</kbd> reject ({selected.size ? `${selected.size} selected` : "the focused sample"})
          </p>
        </div>
        {message && <p role="status" className="text-sm text-slate-700">{message}</p>}
      </div>
      <ul className="grid grid-cols-4 gap-3" aria-label="Samples to sweep">
        {samples.map((s, i) => {
          const status = decided[s.id] ?? s.status ?? "";
          const ring = i === focus ? "ring-4 ring-blue-500" : selected.has(s.id) ? "ring-4 ring-amber-400" : "";
          return (
            <li key={s.id} aria-current={i === focus} aria-selected={selected.has(s.id)} data-status={status}
              className={`overflow-hidden rounded-lg border border-slate-200 bg-white ${ring}`} onClick={() => setFocus(i)}>
              <SampleThumbnail sample={s} />
              <div className="flex items-center justify-between gap-2 p-2 text-xs">
                <span className="line-clamp-1">{s.instruction}</span>
                <span className={status === "verified" ? "text-emerald-700" : status === "rejected" ? "text-rose-700" : "text-slate-500"}>{ITEM_STATE_LABELS[status as ItemState] ?? status}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {nextPage && <Link href={nextPage} className="text-sm text-blue-700 hover:underline">Next page →</Link>}
    </div>
  );
}
