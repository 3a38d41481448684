"use client";
// The Konva stage takes its size in pixels, not CSS: it follows the element that holds it
// (full width, a CSS height) through a ResizeObserver. A stable ref callback, not an effect,
// so the observer lives exactly as long as the element (React 19 runs the returned cleanup).
// The element itself is returned too, for listeners that React cannot attach (wheel).
//
// A stage that is mounted afresh for every item (the trajectory screen, keyed per swap) names
// itself (`remembered`): it starts at the size its last instance measured and leaves the check
// to the observer, which reports after the browser's own layout. Measuring in the ref callback
// forced a layout of the whole new screen in the middle of React's commit, and its answer a
// second render, on every swap (issue 38: the largest single cost of a trajectory swap in
// Chromium's profile). The first instance, with nothing remembered, measures at once as before.
import { useCallback, useState } from "react";
import type { Size } from "@/lib/editor/size";

const UNMEASURED: Size = { width: 0, height: 0 };
const lastSizes = new Map<string, Size>();

type StageBox = {
  size: Size;
  element: HTMLDivElement | null;
  ref: (element: HTMLDivElement | null) => (() => void) | undefined;
};

export function useStageSize(remembered?: string): StageBox {
  const [size, setSize] = useState<Size>(() => (remembered && lastSizes.get(remembered)) || UNMEASURED);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (el === null) return undefined;
    setElement(el);
    const measure = () => {
      // Whole pixels: a fractional stage size blurs every 1-px stroke.
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      if (remembered) lastSizes.set(remembered, { width, height });
      // Same object back when nothing changed, so React skips the re-render.
      setSize((prev) => (prev.width === width && prev.height === height ? prev : { width, height }));
    };
    if (!remembered || !lastSizes.has(remembered)) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      setElement(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a stage keeps its name for its life
  }, []);
  return { size, element, ref };
}
