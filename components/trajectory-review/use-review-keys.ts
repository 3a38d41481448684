"use client";
// Keys reach the screen from anywhere but a field being typed in (Esc leaves the field);
// Ctrl/Cmd+Enter submits from fields too. While help is open only help and Esc act, and a
// held key repeats only step navigation (a held "c" must not label the whole trajectory).
import { useEffect, useEffectEvent } from "react";
import { commandFor, isTyping, type Command } from "@/components/trajectory-review/shortcuts";

export function useReviewKeys(isHelpOpen: boolean, run: (command: Command) => void) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const command = commandFor(event);
    if (isTyping(event.target)) {
      if (event.key === "Escape") (event.target as HTMLElement).blur();
      if (command?.kind !== "submit") return;
    }
    if (!command || (isHelpOpen && command.kind !== "help" && command.kind !== "escape")) return;
    if (event.repeat && command.kind !== "step") return;
    event.preventDefault();
    run(command);
  });
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
