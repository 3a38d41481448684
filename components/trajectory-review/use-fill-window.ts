"use client";
// The review screen is the window on wide screens: its box runs from where it starts (under
// the app header and any standing or queue bar) to the window's bottom edge, and the
// screenshot, the strip and the label column divide that height among themselves instead of
// the page scrolling. Where it starts is measured (page coordinates, so a scrolled page
// measures the same), again when the window is resized. A ref callback, as use-stage-size.ts.
import { useCallback, useState } from "react";

export function useFillWindow(): { ref: (el: HTMLDivElement | null) => (() => void) | undefined; top: number } {
  const [top, setTop] = useState(0);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (el === null) return undefined;
    const measure = () => setTop(Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY)));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  return { ref, top };
}
