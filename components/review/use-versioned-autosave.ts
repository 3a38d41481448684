"use client";
// Autosave for any review screen: drafts save themselves a moment after the last change, a
// submit saves at once, and every save carries the version it was based on. Saves run one
// after another in the order they were asked for, each based on the version the previous one
// returned, so one tab never races itself (a submit pressed while a draft is saving waits for
// it, then submits on its version). A refused save (conflict) means another tab or person wrote
// in between: autosaving stops until the person has chosen which version wins. `flush` saves a
// pending draft at once, so leaving for the next item loses nothing. A reviewer's screen also
// carries the final answer it was shown (`finalAnswerId`): a submit over a final someone else
// pinned since is refused, and the conflict says whose it is (`final`).
import { useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import type { FinalConflict } from "@/lib/api/answer-save-reply";

// `version` is the person's own annotation's (null when they have none yet); `final` is set when
// the refusal was another reviewer's final answer rather than another save of their own answer.
export type Conflict<P> = { version: number | null; status: string; updatedAt: string; payload: P; final?: FinalConflict };
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

type Send<P> = (input: { baseVersion: number | null; status: "draft" | "submitted"; payload: P; baseFinalAnswerId?: string | null }) => Promise<SaveOutcome<P>>;

const AUTOSAVE_MS = 1200;

/** `finalAnswerId`: the final answer a reviewer's screen shows (null: none yet); undefined where
 * the screen shows none (an annotator, queue mode), so no final conflict is checked. */
export function useVersionedAutosave<P>(send: Send<P>, initial: { version: number; status: string } | null, finalAnswerId?: string | null) {
  const t = useT();
  const [state, setState] = useState<SaveState<P>>({ kind: "idle", status: initial?.status ?? null });
  const version = useRef<number | null>(initial?.version ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<P | null>(null);
  const blocked = useRef(false);
  const baseFinal = useRef<string | null | undefined>(finalAnswerId);
  // The tail of the save queue: the next save starts when it settles.
  const tail = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);

  async function run(payload: P, status: "draft" | "submitted"): Promise<boolean> {
    // A conflict is waiting for the person's choice: nothing queued behind it may save over it.
    if (blocked.current) return false;
    setState({ kind: "saving" });
    let result: SaveOutcome<P>;
    try {
      result = await send({ baseVersion: version.current, status, payload, ...(baseFinal.current === undefined ? {} : { baseFinalAnswerId: baseFinal.current }) });
    } catch {
      result = { ok: false, error: t("editor.unreachable") };
    }
    inFlight.current -= 1;
    if (result.ok) {
      version.current = result.saved.version;
      // A change made while this save was on its way is still to be saved: say so.
      if (pending.current !== null) setState({ kind: "dirty" });
      else if (inFlight.current === 0) setState({ kind: "saved", status: result.saved.status, at: result.saved.updatedAt });
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

  /** Queues a save behind the ones already asked for; resolves true when it landed. */
  function save(payload: P, status: "draft" | "submitted"): Promise<boolean> {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    inFlight.current += 1;
    const next = tail.current.then(() => run(payload, status));
    tail.current = next.catch(() => undefined);
    return next;
  }

  function changed(payload: P) {
    if (blocked.current) return;
    setState({ kind: "dirty" });
    pending.current = payload;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (pending.current !== null) void save(pending.current, "draft");
    }, AUTOSAVE_MS);
  }

  function flush() {
    if (pending.current !== null && !blocked.current) void save(pending.current, "draft");
  }

  /** After a conflict: save mine over theirs (based on their version), or adopt theirs. Either
   * way the person has now seen the newer final answer, so the next submit is based on it. */
  function resolve(theirs: Conflict<P> | null) {
    version.current = theirs?.version ?? null;
    if (theirs?.final) baseFinal.current = theirs.final.revisionId;
    blocked.current = false;
    setState({ kind: "idle", status: theirs?.status ?? null });
  }

  return { state, save, changed, flush, resolve };
}
