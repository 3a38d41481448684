"use client";
// The current step's screenshot, large, with its action drawn over it in image pixels: an SVG
// whose viewBox is the image size sits exactly on the <img>, so the image's coordinates are
// the SVG's (the frame is a ring, not a border: a border would shift the image inside the box
// the SVG covers). In "correct the point" mode a click is mapped back through the SVG's screen
// transform to image pixels. With the UI tree open, a click picks the node there instead and
// the hovered and selected nodes' bounds are outlined (in image pixels too).
import type { MouseEvent } from "react";
import { ActionLabels, TONES } from "@/components/trajectory-review/action-labels";
import { ActionShapes } from "@/components/trajectory-review/action-shapes";
import { isPointAction } from "@/components/trajectory-review/payload-edits";
import { describeAction, type Action } from "@/lib/domain/actions";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";
import type { Bounds } from "@/lib/ui-tree/node";

type Step = TrajectoryReview["steps"][number];
export type TreeOutline = { bounds: Bounds; kind: "hovered" | "selected" };
type Props = {
  step: Step; corrected: Action | null; isPointMode: boolean; isOverlayShown: boolean; onPoint: (x: number, y: number) => void;
  outlines?: TreeOutline[];
  /** Set while the UI tree is open: a click outside point mode picks the node there. */
  onPick?: (x: number, y: number) => void;
};

const OUTLINE_COLORS = { hovered: "#2563eb", selected: "#d97706" } as const;

function Outline({ bounds: b, kind }: TreeOutline) {
  const box = { x: b.x1, y: b.y1, width: b.x2 - b.x1, height: b.y2 - b.y1, fill: "none", vectorEffect: "non-scaling-stroke" } as const;
  return (
    <g data-testid={`tree-outline-${kind}`} data-bounds={`${b.x1},${b.y1},${b.x2},${b.y2}`}>
      <rect {...box} stroke="white" strokeWidth={5} strokeOpacity={0.85} />
      <rect {...box} stroke={OUTLINE_COLORS[kind]} strokeWidth={2.5} strokeDasharray={kind === "hovered" ? "6 3" : undefined} />
    </g>
  );
}

function imagePoint(event: MouseEvent<SVGSVGElement>, width: number, height: number) {
  const svg = event.currentTarget;
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: Math.min(width, Math.max(0, p.x)), y: Math.min(height, Math.max(0, p.y)) };
}

export function StepScreenshot({ step, corrected, isPointMode, isOverlayShown, onPoint, outlines = [], onPick }: Props) {
  const { media } = step;
  // Hiding the drawing (key o) shows what is under a badge or bubble; the caption still says it.
  const action = isOverlayShown ? step.action : null;
  const correctedPoint = isOverlayShown && isPointAction(corrected) && corrected.x !== undefined ? corrected : null;
  return (
    <figure className="space-y-2" aria-label={`Screenshot of step ${step.index + 1}`}>
      <figcaption className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Step {step.index + 1}</span>
        {step.action ? <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900" data-testid="action-text">{describeAction(step.action)}</code>
          : <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">no action recorded</span>}
        {step.isRepeated && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" title="Same action as the previous step">repeated</span>}
        {!isOverlayShown && <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">drawing hidden (o)</span>}
        {corrected && <code className="rounded bg-cyan-50 px-1.5 py-0.5 text-cyan-900" title="Your corrected action">→ {describeAction(corrected)}</code>}
      </figcaption>
      {media ? (
        <div className="relative inline-block max-w-full align-top ring-1 ring-slate-300">
          <img src={`/api/media/${media.id}`} alt={`Step ${step.index + 1} screenshot`} width={media.width} height={media.height}
            className="block h-auto max-h-[max(24rem,calc(100vh-7rem))] w-auto max-w-full bg-slate-200" />
          <svg viewBox={`0 0 ${media.width} ${media.height}`} className={`absolute inset-0 h-full w-full ${isPointMode ? "cursor-crosshair" : onPick ? "cursor-help" : "pointer-events-none"}`}
            aria-hidden="true" data-testid="action-overlay"
            onClick={(e) => {
              if (!isPointMode && !onPick) return;
              const p = imagePoint(e, media.width, media.height);
              if (!p) return;
              if (isPointMode) onPoint(p.x, p.y);
              else onPick?.(p.x, p.y);
            }}>
            {action && <ActionShapes action={action} width={media.width} height={media.height} color={TONES.action.color} />}
            {correctedPoint && <ActionShapes action={correctedPoint} width={media.width} height={media.height} color={TONES.corrected.color} />}
            {outlines.map((o) => <Outline key={o.kind} {...o} />)}
          </svg>
          <div className="pointer-events-none absolute inset-0 overflow-hidden">
            {action && <ActionLabels action={action} width={media.width} height={media.height} tone="action" />}
            {correctedPoint && <ActionLabels action={correctedPoint} width={media.width} height={media.height} tone="corrected" />}
          </div>
          {isPointMode && (
            <p className="pointer-events-none absolute right-2 bottom-2 left-2 rounded bg-cyan-900/90 px-2 py-1 text-center text-sm text-white">
              Click where the {step.action?.type.replace("_", " ")} should have landed · Esc to cancel
            </p>
          )}
        </div>
      ) : (
        <div className="flex h-64 flex-col items-center justify-center rounded border border-dashed border-slate-400 bg-white text-slate-600">
          <p className="font-medium">image missing</p>
          <p className="text-xs">{step.imageRef ?? "no image reference"}</p>
        </div>
      )}
    </figure>
  );
}
