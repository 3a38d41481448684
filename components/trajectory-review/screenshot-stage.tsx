"use client";
// The screenshot as the workspace: a box that takes the room it is given (the parent sets its
// size), the image fitted in it until the reviewer zooms (wheel or pinch at the cursor, the
// box editor's + / - / 0 keys through the screen's keymap) or pans (drag, or middle-button
// drag while a click means something else). The view transform is the box editor's
// (lib/editor/viewport.ts through components/editor/use-viewport.ts); the layers drawn in
// image pixels (action, outlines, changed regions) ride inside the image's box, so they zoom
// with it. A drag of a few pixels is a pan, not a click: a click in point mode still lands.
import { useRef, type MouseEvent, type ReactNode, type PointerEvent } from "react";
import { useWheelZoom } from "@/components/editor/use-wheel-zoom";
import type { ViewportApi } from "@/components/editor/use-viewport";
import type { Viewport } from "@/lib/editor/viewport";

const CLICK_SLOP = 4;

type Props = {
  stageRef: (element: HTMLDivElement | null) => (() => void) | undefined;
  stageElement: HTMLDivElement | null;
  view: ViewportApi;
  image: { width: number; height: number };
  /** Whether a left click means something (point mode, picking a tree node): then only a real drag pans. */
  isClickMeaningful: boolean;
  children: ReactNode;
  zoomLabel: string;
};

type Drag = { x: number; y: number; start: Viewport; moved: boolean; pointerId: number };

export function ScreenshotStage({ stageRef, stageElement, view, image, isClickMeaningful, children, zoomLabel }: Props) {
  useWheelZoom(stageElement, view.zoomAtPoint);
  const drag = useRef<Drag | null>(null);
  const wasDrag = useRef(false);
  const { scale, offsetX, offsetY } = view.viewport;

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0 && e.button !== 1) return;
    if (e.button === 1) e.preventDefault();
    drag.current = { x: e.clientX, y: e.clientY, start: view.viewport, moved: false, pointerId: e.pointerId };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
    if (!d.moved) {
      d.moved = true;
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    view.panFrom(d.start, dx, dy);
  }
  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    drag.current = null;
    if (d?.moved && e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  }
  // A drag that panned is not a click on what lies under the pointer at its end.
  function onClickCapture(e: MouseEvent) {
    if (wasDrag.current) {
      e.stopPropagation();
      wasDrag.current = false;
    }
  }
  return (
    <div ref={stageRef} data-testid="screenshot-stage" data-zoom={scale.toFixed(4)}
      className={`relative h-full w-full touch-none overflow-hidden rounded bg-slate-200 select-none ${isClickMeaningful ? "" : "cursor-grab active:cursor-grabbing"}`}
      onPointerDown={onPointerDown} onPointerMove={onPointerMove}
      onPointerUp={(e) => {
        wasDrag.current = !!drag.current?.moved;
        onPointerUp(e);
      }}
      onPointerCancel={onPointerUp} onClickCapture={onClickCapture} onAuxClick={(e) => e.preventDefault()}>
      <div className="absolute top-0 left-0 ring-1 ring-slate-400" data-testid="screenshot-frame"
        style={{ width: image.width * scale, height: image.height * scale, transform: `translate(${offsetX}px, ${offsetY}px)` }}>
        {children}
      </div>
      {!view.isFit && (
        <button type="button" onClick={view.fit} title={zoomLabel}
          className="absolute right-2 bottom-2 rounded border border-slate-300 bg-white/90 px-2 py-0.5 text-xs text-slate-800 shadow hover:bg-white">
          {Math.round(scale * 100)}% · <kbd className="font-mono">0</kbd>
        </button>
      )}
    </div>
  );
}
