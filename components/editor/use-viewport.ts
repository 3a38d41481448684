"use client";
// The view over the screenshot. Until the user zooms or pans, the view IS "fit": derived
// from the image and stage sizes during render, so it follows container resizes without an
// effect. The first zoom or pan freezes it into a manual viewport, remembered for one image
// (`imageKey`): a new screenshot starts fitted again, a new version of the same one keeps
// the reviewer's zoom.
import { useState } from "react";
import type { Point } from "@/lib/domain/geometry";
import type { Size } from "@/lib/editor/size";
import {
  actualSizeViewport,
  fitViewport,
  panBy,
  zoomAt,
  ZOOM_STEP,
  type Viewport,
} from "@/lib/editor/viewport";

// Room around a fitted image so the handles of a box on its edge stay grabbable.
const FIT_PADDING = 12;

type View = { mode: "fit" } | { mode: "manual"; viewport: Viewport; imageKey: string };

export type ViewportApi = {
  viewport: Viewport;
  isFit: boolean;
  zoomAtPoint: (factor: number, anchor: Point) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  actualSize: () => void;
  // Pans relative to a viewport remembered at the start of the drag (total displacement).
  panFrom: (start: Viewport, dx: number, dy: number) => void;
};

export function useViewport(image: Size, stage: Size, imageKey: string): ViewportApi {
  const [view, setView] = useState<View>({ mode: "fit" });
  const fitted = fitViewport(image, stage, FIT_PADDING);
  const current = (v: View) => (v.mode === "manual" && v.imageKey === imageKey ? v.viewport : null);
  const manual = current(view);
  const viewport = manual ?? fitted;

  // Functional updates: several wheel events can arrive between two renders.
  const update = (edit: (vp: Viewport) => Viewport) =>
    setView((prev) => {
      const base = current(prev) ?? fitted;
      const next = edit(base);
      return next === base ? prev : { mode: "manual", viewport: next, imageKey };
    });
  const centre: Point = [stage.width / 2, stage.height / 2];

  return {
    viewport,
    isFit: manual === null,
    zoomAtPoint: (factor, anchor) => update((vp) => zoomAt(vp, factor, anchor)),
    zoomIn: () => update((vp) => zoomAt(vp, ZOOM_STEP, centre)),
    zoomOut: () => update((vp) => zoomAt(vp, 1 / ZOOM_STEP, centre)),
    fit: () => setView({ mode: "fit" }),
    actualSize: () => update(() => actualSizeViewport(image, stage)),
    panFrom: (start, dx, dy) => update(() => panBy(start, dx, dy)),
  };
}
