"use client";
// Wheel = zoom at the cursor. React attaches wheel listeners as passive, so it cannot stop
// the page from scrolling; this subscribes natively with { passive: false } instead.
// useEffectEvent lets the listener read the current viewport without re-subscribing.
import { useEffect, useEffectEvent } from "react";
import type { Point } from "@/lib/domain/geometry";
import { ZOOM_STEP } from "@/lib/editor/viewport";

// One mouse-wheel notch (deltaY 100 px) is one ZOOM_STEP; a touchpad's small deltas zoom
// smoothly; a huge delta is capped at one step per event.
const PIXELS_PER_STEP = 100;
const LINE_PX = 16;

function stepsOf(e: WheelEvent): number {
  const unit = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? LINE_PX : e.deltaMode === WheelEvent.DOM_DELTA_PAGE ? PIXELS_PER_STEP : 1;
  return Math.max(-1, Math.min(1, (-e.deltaY * unit) / PIXELS_PER_STEP));
}

export function useWheelZoom(element: HTMLElement | null, zoomAt: (factor: number, anchor: Point) => void) {
  const onWheel = useEffectEvent((e: WheelEvent) => {
    if (element === null || e.deltaY === 0) return;
    e.preventDefault();
    const rect = element.getBoundingClientRect();
    zoomAt(ZOOM_STEP ** stepsOf(e), [e.clientX - rect.left, e.clientY - rect.top]);
  });
  useEffect(() => {
    if (element === null) return;
    const listener = (e: WheelEvent) => onWheel(e);
    element.addEventListener("wheel", listener, { passive: false });
    return () => element.removeEventListener("wheel", listener);
  }, [element]);
}
