"use client";
// What the agent was shown besides the screenshot (the step's observation): for WebVoyager,
// the numbered elements it labelled, searchable by number or text, with the element the
// step's action names ("Click [33]") marked and scrolled to, so a reviewer can check that
// [33] was the element the thought says. An action naming a number the list does not have is
// said so. Plain-text observations are shown as they are, filtered by the same search.
import { useEffect, useRef, useState, type RefObject } from "react";
import { elementMatches, observationElements, unlistedLabel } from "@/lib/ui-tree/observation-elements";
import type { Action } from "@/lib/domain/actions";
import { useT } from "@/components/i18n/i18n-provider";

type Props = { stepIndex: number; observation: string | null; action: Action | null; searchInput: RefObject<HTMLInputElement | null> };

function ElementList({ observation, named, query }: { observation: string; named: string | null; query: string }) {
  const t = useT();
  const list = useRef<HTMLOListElement>(null);
  const elements = observationElements(observation);
  // Keep the named element in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = list.current;
    const target = box?.querySelector<HTMLElement>("[data-named='true']");
    if (box && target) box.scrollTop = target.offsetTop - box.offsetTop - box.clientHeight / 3;
  }, [observation, named, query]);
  if (!elements) {
    const lines = observation.split("\n").filter((line) => line.toLowerCase().includes(query.trim().toLowerCase()));
    return <pre className="max-h-72 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap text-slate-900" data-testid="observation-text">{lines.join("\n") || t("trajectory.observation.noLine")}</pre>;
  }
  const shown = elements.filter((e) => elementMatches(e, query));
  const unlisted = unlistedLabel(elements, named);
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-600" aria-live="polite">
        {query.trim() ? `${shown.length} of ${elements.length} elements match` : `${elements.length} elements`}
        {unlisted && (
          <span className="ml-2 font-medium text-red-700" role="status">
            {t("trajectory.observation.unlisted", { label: unlisted })}
          </span>
        )}
      </p>
      <ol ref={list} className="relative max-h-72 divide-y divide-slate-100 overflow-auto rounded border border-slate-200 bg-white text-sm" aria-label={t("trajectory.observation.elements")}>
        {shown.map((e) => {
          const isNamed = e.label === named;
          return (
            <li key={e.label} data-named={isNamed} aria-current={isNamed ? "true" : undefined}
              className={`flex items-baseline gap-2 px-2 py-1 ${isNamed ? "bg-amber-100 ring-2 ring-amber-500 ring-inset" : ""}`}>
              <span className="w-10 shrink-0 text-right font-mono text-xs font-semibold text-slate-700">[{e.label}]</span>
              {e.tag && <span className="shrink-0 font-mono text-xs text-blue-800">&lt;{e.tag}&gt;</span>}
              <span className="min-w-0 break-words text-slate-900">{e.text || <span className="text-slate-500">{t("trajectory.observation.noText")}</span>}</span>
              {isNamed && <span className="ml-auto shrink-0 rounded bg-amber-600 px-1.5 text-xs font-medium text-white">{t("trajectory.observation.thisAction")}</span>}
            </li>
          );
        })}
        {shown.length === 0 && <li className="px-2 py-1 text-slate-600">{t("trajectory.observation.noMatch", { query })}</li>}
      </ol>
    </div>
  );
}

export function StepObservation({ stepIndex, observation, action, searchInput }: Props) {
  const t = useT();
  const [query, setQuery] = useState("");
  const named = action?.elementLabel ?? null;
  return (
    <section aria-label={t("trajectory.observation")} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t("trajectory.observation.title")} <span className="font-normal text-slate-600">({t("trajectory.step", { step: stepIndex + 1 })})</span></h2>
        <label className="flex items-center gap-1 text-sm text-slate-700">
          <span className="sr-only">{t("trajectory.observation.search")}</span>
          <input ref={searchInput} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("trajectory.observation.placeholder")}
            className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm" aria-label={t("trajectory.observation.search")} />
          <kbd className="font-mono text-xs text-slate-500">/</kbd>
        </label>
      </div>
      {observation ? (
        <ElementList observation={observation} named={named} query={query} />
      ) : (
        <p className="text-sm text-slate-600">{t("trajectory.observation.none")}</p>
      )}
    </section>
  );
}
