"use client";
// The review screen is the window on wide screens: its box runs from where it starts (under
// the app header and any standing or queue bar) to the window's bottom edge, and the
// screenshot, the strip and the label column divide that height among themselves instead of
// the page scrolling. Where it starts is measured (page coordinates, so a scrolled page
// measures the same), again when the window or anything on the page resizes. A ref callback,
// as use-stage-size.ts.
//
// The screen is mounted afresh for every item: it starts where the last one measured itself
// and checks after the browser's own layout (a ResizeObserver's first report), not in the
// middle of React's commit, where the measure forced a layout of the whole new screen and its
// answer a second render of it, on every swap (issue 38, Chromium's profile of a trajectory
// swap). Only the first screen of a page, with nothing measured yet, measures at once.
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

type Place = { top: number; below: number };
let lastPlace: Place | null = null;

export function useFillWindow(): FillWindow {
  const [place, setPlace] = useState<Place>(() => lastPlace ?? { top: 0, below: 0 });
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (el === null) return undefined;
    const measure = () => {
      const top = Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY));
      const below = spaceBelow(el);
      lastPlace = { top, below };
      setPlace((prev) => (prev.top === top && prev.below === below ? prev : { top, below }));
    };
    if (!lastPlace) measure();
    // Its first report comes after the layout of the frame the screen is first painted in.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);
  return { ref, ...place };
}
