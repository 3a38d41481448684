"use client";
// Keys of the adjudication screens: 1..9 (0 for the tenth) pick an annotator's answer, Ctrl/Cmd
// + Enter submits. Listened to in the capture phase on the window, so a digit picks an answer
// even while the box editor has focus (where "1" would otherwise mean "actual size"); typing
// in a text field is left alone.
import { useEffect } from "react";

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

export function useAdjudicationKeys(answerCount: number, onPick: (index: number) => void, onSubmit: () => void) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) onSubmit(); // a held key settles one item, not the next one too
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
      const index = event.key === "0" ? 9 : Number(event.key) - 1;
      if (index >= answerCount) return;
      event.preventDefault();
      event.stopPropagation();
      onPick(index);
    }
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  });
}
