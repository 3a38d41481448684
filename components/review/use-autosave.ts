"use client";
// Drafts save themselves a moment after the last change; a submit saves at once. Every save
// carries the version it was based on, and a refused save (conflict) stops autosaving until
// the person has chosen how to resolve it.
import { useRef, useState } from "react";
import { saveGroundingAction, type SaveResult } from "@/lib/actions/grounding";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";

export type Conflict = NonNullable<Extract<SaveResult, { ok: false }>["conflict"]>;
export type SaveState =
  | { kind: "idle" }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; status: string; at: string }
  | { kind: "error"; message: string }
  | { kind: "conflict"; message: string; theirs: Conflict | null };

const AUTOSAVE_MS = 1200;

export function useAutosave(projectId: string, sampleId: string, initialVersion: number | null) {
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const version = useRef<number | null>(initialVersion);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const blocked = useRef(false);

  async function save(payload: GroundingPayload, status: "draft" | "submitted", baseVersion = version.current): Promise<boolean> {
    if (timer.current) clearTimeout(timer.current);
    setState({ kind: "saving" });
    const result = await saveGroundingAction({ projectId, sampleId, baseVersion, status, payload });
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

  function changed(payload: GroundingPayload) {
    if (blocked.current) return;
    setState({ kind: "dirty" });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(payload, "draft"), AUTOSAVE_MS);
  }

  /** After a conflict: save mine over theirs (based on their version), or adopt theirs. */
  function resolve(theirs: Conflict | null) {
    version.current = theirs?.version ?? null;
    blocked.current = false;
    setState({ kind: "idle" });
  }

  return { state, save, changed, resolve };
}
