"use client";
// The trajectory screen's zoom level, remembered per project in this browser (issue 36, item
// 20): a reviewer who zooms in on one step finds the next step, the next trajectory and the
// page after a reload at the same level, centred on the step's action, instead of back at
// fit. Kept as a factor over the fitted scale, so a phone and a desktop screenshot in one
// project both keep a sensible size. Fit (0) forgets it. Read after mount: the server render
// has no storage.
import { useEffect, useState } from "react";

const keyOf = (projectId: string) => `verity.trajectory.zoom.${projectId}`;

export type ZoomMemory = { factor: number; remember: (factor: number) => void };

export function useZoomMemory(projectId: string): ZoomMemory {
  const [factor, setFactor] = useState(1);
  useEffect(() => {
    try {
      const stored = Number(window.localStorage.getItem(keyOf(projectId)));
      if (Number.isFinite(stored) && stored > 0) setFactor(stored);
    } catch {
      // Storage refused (private mode): the zoom lasts for this page only.
    }
  }, [projectId]);
  const remember = (next: number) => {
    if (!Number.isFinite(next) || next <= 0) return;
    setFactor(next);
    try {
      if (next === 1) window.localStorage.removeItem(keyOf(projectId));
      else window.localStorage.setItem(keyOf(projectId), String(next));
    } catch {
      // As above.
    }
  };
  return { factor, remember };
}
