"use client";
// Save state (draft autosave, submitted), the submit button, and the conflict banner that
// explains what the other save holds before the person chooses which one wins.
import type { TrajectoryConflict, TrajectorySaveState } from "@/components/trajectory-review/use-trajectory-autosave";

type Props = { state: TrajectorySaveState; problem: string | null; onSubmit: () => void; onKeepMine: () => void; onTakeTheirs: () => void };

function describe(state: TrajectorySaveState): string {
  switch (state.kind) {
    case "idle":
      return state.status === "submitted" ? "Submitted earlier" : state.status === "draft" ? "Draft saved earlier" : "Nothing saved yet";
    case "dirty":
      return "Unsaved changes…";
    case "saving":
      return "Saving…";
    case "saved":
      return `${state.status === "submitted" ? "Submitted" : "Draft saved"} ${new Date(state.at).toLocaleTimeString()}`;
    case "error":
      return state.message;
    case "conflict":
      return "Autosave paused: choose a version above.";
  }
}

function summary(theirs: TrajectoryConflict): string {
  const p = theirs.payload;
  const count = (label: string) => p.steps.filter((s) => s.label === label).length;
  return `trace ${p.traceVerdict ?? "not decided"}, ${count("correct")} correct / ${count("incorrect")} incorrect / ${count("unsure")} unsure steps` +
    (p.firstWrongStep !== null ? `, first wrong step ${p.firstWrongStep + 1}` : "");
}

export function TrajectorySaveBar({ state, problem, onSubmit, onKeepMine, onTakeTheirs }: Props) {
  return (
    <div className="space-y-2">
      {state.kind === "conflict" && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{state.message}</p>
          {state.theirs && (
            <p className="mt-1">
              The other save is version {state.theirs.version} ({state.theirs.status}, {state.theirs.updatedAt.slice(0, 19).replace("T", " ")}): {summary(state.theirs)}.
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" onClick={onKeepMine} className="rounded-md bg-amber-700 px-3 py-1 text-white hover:bg-amber-800">Keep mine (save over it)</button>
            <button type="button" onClick={onTakeTheirs} className="rounded-md border border-amber-400 px-3 py-1 hover:bg-amber-100">Use the other version</button>
          </div>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span role="status" className={`text-sm ${state.kind === "error" ? "text-red-700" : "text-slate-600"}`}>{describe(state)}</span>
        <button type="button" onClick={onSubmit} disabled={problem !== null || state.kind === "saving"} title={problem ?? "Ctrl+Enter"}
          className="shrink-0 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800 disabled:opacity-50">
          Submit and next
        </button>
      </div>
      {problem && <p className="text-xs text-slate-600">To submit: {problem}.</p>}
    </div>
  );
}
