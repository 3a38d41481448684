"use client";
// The trajectory variant of components/review/use-autosave.ts: drafts save themselves a
// moment after the last change, a submit saves at once, every save carries the version it was
// based on, and a refused save (conflict) stops autosaving until the person chooses.
// `flush` saves a pending draft right away, so leaving for another trajectory loses nothing.
import { useRef, useState } from "react";
import { saveTrajectoryAction, type TrajectorySaveResult } from "@/lib/actions/trajectories";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

export type TrajectoryConflict = NonNullable<Extract<TrajectorySaveResult, { ok: false }>["conflict"]>;
export type TrajectorySaveState =
  | { kind: "idle"; status: string | null }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; status: string; at: string }
  | { kind: "error"; message: string }
  | { kind: "conflict"; message: string; theirs: TrajectoryConflict | null };

const AUTOSAVE_MS = 1200;

export function useTrajectoryAutosave(projectId: string, trajectoryId: string, initial: { version: number; status: string } | null) {
  const [state, setState] = useState<TrajectorySaveState>({ kind: "idle", status: initial?.status ?? null });
  const version = useRef<number | null>(initial?.version ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<TrajectoryPayload | null>(null);
  const blocked = useRef(false);

  async function save(payload: TrajectoryPayload, status: "draft" | "submitted", baseVersion = version.current): Promise<boolean> {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setState({ kind: "saving" });
    const result = await saveTrajectoryAction({ projectId, trajectoryId, baseVersion, status, payload });
    if (result.ok) {
      version.current = result.saved.version;
      blocked.current = false;
      setState({ kind: "saved", status: result.saved.status, at: result.saved.updatedAt });
      return true;
    }
    if (result.conflict !== undefined) {
      blocked.current = true;
      setState({ kind: "conflict", message: result.error, theirs: result.conflict });
    } else {
      setState({ kind: "error", message: result.error });
    }
    return false;
  }

  function changed(payload: TrajectoryPayload) {
    if (blocked.current) return;
    setState({ kind: "dirty" });
    pending.current = payload;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(payload, "draft"), AUTOSAVE_MS);
  }

  function flush() {
    if (pending.current && !blocked.current) void save(pending.current, "draft");
  }

  /** After a conflict: save mine over theirs (based on their version), or adopt theirs. */
  function resolve(theirs: TrajectoryConflict | null) {
    version.current = theirs?.version ?? null;
    blocked.current = false;
    setState({ kind: "idle", status: theirs?.status ?? null });
  }

  return { state, save, changed, flush, resolve };
}
