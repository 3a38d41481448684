"use client";
// The Konva stage takes its size in pixels, not CSS: it follows the element that holds it
// (full width, a CSS height) through a ResizeObserver. A stable ref callback, not an effect,
// so the observer lives exactly as long as the element (React 19 runs the returned cleanup).
// The element itself is returned too, for listeners that React cannot attach (wheel).
import { useCallback, useState } from "react";
import type { Size } from "@/lib/editor/size";

const UNMEASURED: Size = { width: 0, height: 0 };

type StageBox = {
  size: Size;
  element: HTMLDivElement | null;
  ref: (element: HTMLDivElement | null) => (() => void) | undefined;
};

export function useStageSize(): StageBox {
  const [size, setSize] = useState<Size>(UNMEASURED);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (el === null) return undefined;
    setElement(el);
    const measure = () => {
      // Whole pixels: a fractional stage size blurs every 1-px stroke.
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      // Same object back when nothing changed, so React skips the re-render.
      setSize((prev) => (prev.width === width && prev.height === height ? prev : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      setElement(null);
    };
  }, []);
  return { size, element, ref };
}
