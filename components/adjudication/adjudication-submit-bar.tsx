"use client";
// The adjudication screens' submit: what will be saved, why it cannot be yet, and the outcome
// of a refused submit. A conflict (someone settled the item meanwhile) offers the way on
// instead of a retry: nothing of theirs is overwritten.
import Link from "next/link";
import { useT } from "@/components/i18n/i18n-provider";

export type SubmitState = { kind: "idle" } | { kind: "saving" } | { kind: "error"; message: string } | { kind: "conflict"; message: string };

type Props = { state: SubmitState; problem: string | null; summary: string; listHref: string; onSubmit: () => void };

export function AdjudicationSubmitBar({ state, problem, summary, listHref, onSubmit }: Props) {
  const t = useT();
  return (
    <section aria-label={t("adjudication.resolve")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm">
        <span className="font-medium">{t("adjudication.finalAnswer")}</span> <span data-testid="final-answer">{summary}</span>
      </p>
      {state.kind === "conflict" && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{state.message}</p>
          <div className="mt-1 flex gap-4">
            {/* A full reload: the answers as they are now, and a fresh submit state. */}
            <button type="button" onClick={() => window.location.reload()} className="font-medium text-blue-800 hover:underline">{t("adjudication.reload")}</button>
            <Link href={listHref} className="font-medium text-blue-800 hover:underline">{t("adjudication.backToList")}</Link>
          </div>
        </div>
      )}
      {state.kind === "error" && <p role="alert" className="text-sm text-red-700">{state.message}</p>}
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-slate-600">{problem ? t("adjudication.toResolve", { problem }) : t("adjudication.ctrlEnter")}</span>
        <button type="button" onClick={onSubmit} disabled={problem !== null || state.kind === "saving" || state.kind === "conflict"}
          className="shrink-0 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800 disabled:opacity-50">
          {state.kind === "saving" ? t("adjudication.resolving") : t("adjudication.resolveNext")}
        </button>
      </div>
    </section>
  );
}
