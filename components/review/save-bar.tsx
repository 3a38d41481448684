"use client";

import type { SaveState } from "@/components/review/use-autosave";

type Props = { state: SaveState; onSubmit: () => void; onKeepMine: () => void; onTakeTheirs: () => void; canSubmit: string | null };

function describe(state: SaveState): string {
  switch (state.kind) {
    case "idle":
      return "No changes";
    case "dirty":
      return "Unsaved changes…";
    case "saving":
      return "Saving…";
    case "saved":
      return state.status === "submitted" ? `Submitted ${state.at.slice(11, 19)}` : `Draft saved ${state.at.slice(11, 19)}`;
    case "error":
      return state.message;
    case "conflict":
      return state.message;
  }
}

export function SaveBar({ state, onSubmit, onKeepMine, onTakeTheirs, canSubmit }: Props) {
  return (
    <div className="space-y-2">
      {state.kind === "conflict" && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{state.message}</p>
          {state.theirs && (
            <p className="mt-1">
              The other save is version {state.theirs.version} ({state.theirs.status}, {state.theirs.updatedAt.slice(0, 19).replace("T", " ")}):{" "}
              {state.theirs.payload.targetAbsent ? "target absent" : state.theirs.payload.box ? `box ${state.theirs.payload.box.map((v) => Math.round(v)).join(", ")}` : "no box"}.
            </p>
          )}
          <div className="mt-2 flex gap-2">
            <button type="button" onClick={onKeepMine} className="rounded-md bg-amber-700 px-3 py-1 text-white hover:bg-amber-800">Keep mine (save over it)</button>
            <button type="button" onClick={onTakeTheirs} className="rounded-md border border-amber-400 px-3 py-1 hover:bg-amber-100">Use the other version</button>
          </div>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span role="status" className={`text-sm ${state.kind === "error" ? "text-red-700" : "text-slate-600"}`}>{describe(state)}</span>
        <button type="button" onClick={onSubmit} disabled={canSubmit !== null || state.kind === "saving"} title={canSubmit ?? "Ctrl+Enter"}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50">
          Submit and next
        </button>
      </div>
      {canSubmit && <p className="text-xs text-slate-500">{canSubmit}</p>}
    </div>
  );
}
