"use client";
// The agent's words for a wide screenshot's step (thought, raw output, UI tree, observation),
// in the label column beside the screenshot so the screenshot keeps the middle column's whole
// width; folds to one line when the reviewer wants the column for the labels.
import type { ReactNode } from "react";
import { useT } from "@/components/i18n/i18n-provider";

export function AgentOutputPanel({ isOpen, onToggle, children }: { isOpen: boolean; onToggle: (open: boolean) => void; children: ReactNode }) {
  const t = useT();
  return (
    <section className="rounded-lg border border-slate-200 bg-white" data-testid="agent-output">
      <h2>
        <button type="button" aria-expanded={isOpen} onClick={() => onToggle(!isOpen)}
          className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm font-semibold hover:bg-slate-50">
          {t("trajectory.output.title")}
          <span aria-hidden className="text-xs text-slate-500">{isOpen ? "▾" : "▸"}</span>
        </button>
      </h2>
      {isOpen && <div className="space-y-4 border-t border-slate-100 px-3 py-2">{children}</div>}
    </section>
  );
}
