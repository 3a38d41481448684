"use client";
// Autosave for any review screen: drafts save themselves a moment after the last change, a
// submit saves at once, every save carries the version it was based on, and a refused save
// (conflict) stops autosaving until the person has chosen which version wins. `flush` saves a
// pending draft at once, so leaving for the next item loses nothing.
import { useRef, useState } from "react";

export type Conflict<P> = { version: number; status: string; updatedAt: string; payload: P };
export type SaveOutcome<P> =
  | { ok: true; saved: { version: number; status: string; updatedAt: string } }
  | { ok: false; error: string; conflict?: Conflict<P> | null };
export type SaveState<P> =
  | { kind: "idle"; status: string | null }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; status: string; at: string }
  | { kind: "error"; message: string }
  | { kind: "conflict"; message: string; theirs: Conflict<P> | null };

type Send<P> = (input: { baseVersion: number | null; status: "draft" | "submitted"; payload: P }) => Promise<SaveOutcome<P>>;

const AUTOSAVE_MS = 1200;

export function useVersionedAutosave<P>(send: Send<P>, initial: { version: number; status: string } | null) {
  const [state, setState] = useState<SaveState<P>>({ kind: "idle", status: initial?.status ?? null });
  const version = useRef<number | null>(initial?.version ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<P | null>(null);
  const blocked = useRef(false);

  async function save(payload: P, status: "draft" | "submitted"): Promise<boolean> {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setState({ kind: "saving" });
    const result = await send({ baseVersion: version.current, status, payload });
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

  function changed(payload: P) {
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
  function resolve(theirs: Conflict<P> | null) {
    version.current = theirs?.version ?? null;
    blocked.current = false;
    setState({ kind: "idle", status: theirs?.status ?? null });
  }

  return { state, save, changed, flush, resolve };
}
