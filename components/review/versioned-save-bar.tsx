"use client";
// Save state (draft autosave, submitted), the submit button, and the conflict banner that
// explains what the other save holds before the person chooses which one wins.
import type { Conflict, SaveState } from "@/components/review/use-versioned-autosave";

type Props<P> = {
  state: SaveState<P>;
  problem: string | null;
  summarize: (payload: P) => string;
  onSubmit: () => void;
  submitLabel?: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
};

function describe<P>(state: SaveState<P>): string {
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

function OtherVersion<P>({ theirs, summarize }: { theirs: Conflict<P>; summarize: (payload: P) => string }) {
  return (
    <p className="mt-1">
      The other save is version {theirs.version} ({theirs.status}, {theirs.updatedAt.slice(0, 19).replace("T", " ")}): {summarize(theirs.payload)}.
    </p>
  );
}

export function VersionedSaveBar<P>({ state, problem, summarize, onSubmit, submitLabel = "Submit and next", onKeepMine, onTakeTheirs }: Props<P>) {
  return (
    <div className="space-y-2">
      {state.kind === "conflict" && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{state.message}</p>
          {state.theirs && <OtherVersion theirs={state.theirs} summarize={summarize} />}
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" onClick={onKeepMine} className="rounded-md bg-amber-700 px-3 py-1 text-white hover:bg-amber-800">Keep mine (save over it)</button>
            <button type="button" onClick={onTakeTheirs} className="rounded-md border border-amber-400 px-3 py-1 hover:bg-amber-100">Use the other version</button>
          </div>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span role="status" className={`text-sm ${state.kind === "error" ? "text-red-700" : "text-slate-600"}`}>{describe(state)}</span>
        {/* Not disabled while a draft saves: the submit waits for it (use-versioned-autosave.ts). */}
        <button type="button" onClick={onSubmit} disabled={problem !== null || state.kind === "conflict"} title={problem ?? "Ctrl+Enter"}
          className="shrink-0 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-blue-800 disabled:opacity-50">
          {submitLabel}
        </button>
      </div>
      {problem && <p className="text-xs text-slate-600">To submit: {problem}.</p>}
    </div>
  );
}
