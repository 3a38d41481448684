"use client";
// The view over the screenshot. Until the user zooms or pans, the view IS "fit": derived
// from the image and stage sizes during render, so it follows container resizes without an
// effect. The first zoom or pan freezes it into a manual viewport, remembered for one image
// (`imageKey`): a new screenshot starts fitted again, a new version of the same one keeps
// the reviewer's zoom.
// A screen that remembers a zoom level (the trajectory screen, per project) passes it as
// `remembered`: a factor over the fitted scale and the image point to centre (the step's
// action); a new screenshot then starts at that zoom instead of fitted, and `factor` tells the
// screen the current level to remember. Fit (0) goes back to fitted and forgets it.
import { useState } from "react";
import type { Point } from "@/lib/domain/geometry";
import type { Size } from "@/lib/editor/size";
import {
  actualSizeViewport,
  fitViewport,
  panBy,
  zoomAt,
  zoomedViewport,
  ZOOM_STEP,
  type Viewport,
} from "@/lib/editor/viewport";

// Room around a fitted image so the handles of a box on its edge stay grabbable.
const FIT_PADDING = 12;

type View = { mode: "fit" } | { mode: "manual"; viewport: Viewport; imageKey: string };

export type RememberedZoom = { factor: number; focus: Point | null; onFit: () => void };

export type ViewportApi = {
  viewport: Viewport;
  isFit: boolean;
  /** The zoom as a multiple of the fitted scale (1 when fitted). */
  factor: number;
  /** Whether the reviewer zoomed or panned this screenshot (not just the remembered level). */
  isManual: boolean;
  zoomAtPoint: (factor: number, anchor: Point) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  actualSize: () => void;
  // Pans relative to a viewport remembered at the start of the drag (total displacement).
  panFrom: (start: Viewport, dx: number, dy: number) => void;
};

// `padding`: the box editor keeps room for the handles of a box on the image's edge; a
// screen without handles (the trajectory screen) gives the image every pixel.
export function useViewport(image: Size, stage: Size, imageKey: string, remembered?: RememberedZoom, padding: number = FIT_PADDING): ViewportApi {
  const [view, setView] = useState<View>({ mode: "fit" });
  const fitted = fitViewport(image, stage, padding);
  const initial = remembered && remembered.factor !== 1 && stage.width > 0 ? zoomedViewport(image, stage, fitted, remembered.factor, remembered.focus) : fitted;
  const current = (v: View) => (v.mode === "manual" && v.imageKey === imageKey ? v.viewport : null);
  const manual = current(view);
  const viewport = manual ?? initial;

  // Functional updates: several wheel events can arrive between two renders.
  const update = (edit: (vp: Viewport) => Viewport) =>
    setView((prev) => {
      const base = current(prev) ?? initial;
      const next = edit(base);
      return next === base ? prev : { mode: "manual", viewport: next, imageKey };
    });
  const centre: Point = [stage.width / 2, stage.height / 2];

  return {
    viewport,
    isFit: viewport === fitted,
    factor: viewport.scale / fitted.scale,
    isManual: manual !== null,
    zoomAtPoint: (factor, anchor) => update((vp) => zoomAt(vp, factor, anchor)),
    zoomIn: () => update((vp) => zoomAt(vp, ZOOM_STEP, centre)),
    zoomOut: () => update((vp) => zoomAt(vp, 1 / ZOOM_STEP, centre)),
    fit: () => {
      setView({ mode: "fit" });
      remembered?.onFit();
    },
    actualSize: () => update(() => actualSizeViewport(image, stage)),
    panFrom: (start, dx, dy) => update(() => panBy(start, dx, dy)),
  };
}
