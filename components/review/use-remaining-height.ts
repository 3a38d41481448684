"use client";
// The height from where an element starts to the bottom of the window, so a review screen's
// workspace (screenshot, answer controls, Submit) fits the screen whatever sits above it (the
// header, a queue bar, the review standing strip), with the page scrolling only below a floor
// where the screenshot would be too small to judge. Measured, not guessed in CSS, because
// what sits above differs per role and per item. Re-measured when the window or anything
// above resizes (a strip that wraps, a notice that appears).
import { useCallback, useState } from "react";

const FLOOR_PX = 460;
const BOTTOM_GAP_PX = 12;

export function useRemainingHeight(): { ref: (el: HTMLElement | null) => (() => void) | undefined; height: number | null } {
  const [height, setHeight] = useState<number | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    if (el === null) return undefined;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(FLOOR_PX, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX));
      setHeight((prev) => (prev === next ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);
  return { ref, height };
}
