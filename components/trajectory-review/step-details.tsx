"use client";
// What the agent said at this step: its thought, the raw model output (collapsed: long and
// mostly needed to check the parser), and the UI tree on demand (the panel itself is built by
// the screen, which links it to the screenshot).
import type { ReactNode } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import type { TreeState, TreeView } from "@/components/trajectory-review/use-ui-tree";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";

type Props = {
  step: TrajectoryReview["steps"][number];
  isRawOpen: boolean;
  onRawToggle: (open: boolean) => void;
  isTreeOpen: boolean;
  tree: TreeState | undefined;
  onTreeToggle: () => void;
  treeView: TreeView;
  onTreeView: (view: TreeView) => void;
  treePanel: ReactNode;
};

function TreeBody({ tree, panel }: { tree: TreeState | undefined; panel: ReactNode }) {
  const t = useT();
  if (!tree || tree.kind === "loading") return <p className="text-sm text-slate-600">{t("trajectory.tree.loading")}</p>;
  if (tree.kind === "missing") return <p className="text-sm text-slate-600">{t("trajectory.tree.missing")}</p>;
  if (tree.kind === "error") return <p role="alert" className="text-sm text-red-700">{tree.message}</p>;
  if (tree.parsed.ok) return panel;
  // A file Verity cannot read is still shown as it is, with what was wrong.
  return (
    <div className="space-y-1">
      <p role="alert" className="text-sm text-red-700">{tree.parsed.message}</p>
      <pre className="max-h-96 overflow-auto rounded bg-slate-900 p-2 text-xs whitespace-pre-wrap break-all text-slate-100" data-testid="ui-tree-raw">{tree.text}</pre>
    </div>
  );
}

// The dump is what the device had; the agent's view (AndroidLab's compressed text) is what the
// model read, with nodes dropped and renamed: a wrong tap often starts there.
function TreeViewChoice({ view, onChange }: { view: TreeView; onChange: (view: TreeView) => void }) {
  const t = useT();
  const option = (value: TreeView, label: string) => (
    <button type="button" aria-pressed={view === value} onClick={() => onChange(value)}
      className={`px-2 py-0.5 ${view === value ? "bg-slate-800 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}>{label}</button>
  );
  return (
    <span role="group" aria-label={t("trajectory.tree.viewGroup")} className="ml-2 inline-flex overflow-hidden rounded-md border border-slate-300 align-middle text-xs">
      {option("dump", t("trajectory.tree.dump"))}
      {option("agent", t("trajectory.tree.agentView"))}
    </span>
  );
}

export function StepDetails({ step, isRawOpen, onRawToggle, isTreeOpen, tree, onTreeToggle, treeView, onTreeView, treePanel }: Props) {
  const t = useT();
  return (
    <section aria-label={t("trajectory.details")} className="space-y-3">
      <div>
        <h2 className="text-sm font-semibold">{t("trajectory.details.thought")}</h2>
        {step.thought ? <p className="text-sm whitespace-pre-wrap text-slate-800">{step.thought}</p> : <p className="text-sm text-slate-500">{t("trajectory.details.noThought")}</p>}
      </div>
      <details open={isRawOpen} onToggle={(e) => onRawToggle(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-semibold text-blue-800">{t("trajectory.details.raw")} <kbd className="font-mono text-xs font-normal text-slate-500">r</kbd></summary>
        {step.rawOutput ? <pre className="mt-1 max-h-80 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap text-slate-900">{step.rawOutput}</pre>
          : <p className="mt-1 text-sm text-slate-500">{t("trajectory.details.noRaw")}</p>}
      </details>
      <div>
        <button type="button" onClick={onTreeToggle} aria-expanded={isTreeOpen}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50">
          {isTreeOpen ? t("trajectory.tree.hide") : t("trajectory.tree.show")} <kbd className="font-mono text-xs text-slate-500">t</kbd>
        </button>
        {!step.hasUiTree && <span className="ml-2 text-xs text-slate-500">{t("trajectory.tree.noneImported")}</span>}
        {isTreeOpen && step.hasAgentTree && <TreeViewChoice view={treeView} onChange={onTreeView} />}
        {isTreeOpen && <div className="mt-2"><TreeBody tree={tree} panel={treePanel} /></div>}
      </div>
    </section>
  );
}
