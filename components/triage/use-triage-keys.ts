"use client";
// The decision view's keys: a accept, o override, n skip, 1-5 reason presets, ? help. They
// act from anywhere but a field being typed in (Esc leaves the field; Enter in the note
// field overrides). A held key does not repeat a decision.
import { useEffect, useEffectEvent } from "react";
import { isTyping } from "@/components/trajectory-review/shortcuts";

export type TriageKey = { kind: "accept" } | { kind: "override" } | { kind: "skip" } | { kind: "preset"; key: number } | { kind: "help" } | { kind: "escape" };

export function triageKeyFor(event: KeyboardEvent): TriageKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === "a") return { kind: "accept" };
  if (key === "o") return { kind: "override" };
  if (key === "n") return { kind: "skip" };
  if (key === "?") return { kind: "help" };
  if (key === "Escape") return { kind: "escape" };
  if (/^[1-5]$/.test(key)) return { kind: "preset", key: Number(key) };
  return null;
}

export function useTriageKeys(run: (key: TriageKey) => void) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (isTyping(event.target)) {
      if (event.key === "Escape") (event.target as HTMLElement).blur();
      return;
    }
    const key = triageKeyFor(event);
    if (!key || event.repeat) return;
    event.preventDefault();
    run(key);
  });
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
