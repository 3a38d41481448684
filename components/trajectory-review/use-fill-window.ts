"use client";
// The review screen is the window on wide screens: its box runs from where it starts (under
// the app header and any standing or queue bar) to the window's bottom edge, and the
// screenshot, the strip and the label column divide that height among themselves instead of
// the page scrolling. Where it starts is measured (page coordinates, so a scrolled page
// measures the same), again when the window is resized. A ref callback, as use-stage-size.ts.
import { useCallback, useState } from "react";

export type FillWindow = { ref: (el: HTMLDivElement | null) => (() => void) | undefined; top: number; below: number };

// What the containers add under the box (the page's bottom padding, less what a negative
// bottom margin takes back): the box ends that much above the window's edge, so the page
// itself never scrolls.
function spaceBelow(el: HTMLElement): number {
  let below = 0;
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const style = getComputedStyle(p);
    below += (parseFloat(style.paddingBottom) || 0) + (parseFloat(style.borderBottomWidth) || 0) + (parseFloat(style.marginBottom) || 0);
  }
  return Math.max(0, Math.round(below));
}

export function useFillWindow(): FillWindow {
  const [place, setPlace] = useState({ top: 0, below: 0 });
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (el === null) return undefined;
    const measure = () => {
      const top = Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY));
      const below = spaceBelow(el);
      setPlace((prev) => (prev.top === top && prev.below === below ? prev : { top, below }));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  return { ref, ...place };
}
