"use client";
// A frame of the trajectory, as large as its box allows: a step's screenshot with its action
// drawn over it in image pixels, or the final screen after the last action (no action on it).
// An SVG whose viewBox is the image size sits exactly on the <img>, so the image's coordinates
// are the SVG's at any zoom (ScreenshotStage). In "correct the point" mode a click is mapped
// back through the SVG's screen transform to image pixels. With the UI tree open, a click picks
// the node there instead and the hovered and selected nodes' bounds are outlined. Where the
// screen changed before the next step is outlined too (key d). What has no place on the screen
// (the typed text, finish and its answer, keys) is a line above the image, never over it (key i).
// The zoom level is the project's remembered one (use-zoom-memory.ts), centred on the action.
import { useEffect, useImperativeHandle, type MouseEvent, type ReactNode, type Ref } from "react";
import { useStageSize } from "@/components/editor/use-stage-size";
import { useViewport } from "@/components/editor/use-viewport";
import { useT } from "@/components/i18n/i18n-provider";
import { ActionLabels, ActionNote, hasActionNote, TONES } from "@/components/trajectory-review/action-labels";
import { ActionShapes } from "@/components/trajectory-review/action-shapes";
import { ChangedRegions } from "@/components/trajectory-review/changed-regions";
import { isPointAction } from "@/components/trajectory-review/payload-edits";
import { ScreenshotImage } from "@/components/trajectory-review/screenshot-image";
import { ScreenshotStage } from "@/components/trajectory-review/screenshot-stage";
import { actionFocus } from "@/components/trajectory-review/action-focus";
import { actionName } from "@/components/trajectory-review/action-words";
import type { ZoomMemory } from "@/components/trajectory-review/use-zoom-memory";
import { describeAction, type Action } from "@/lib/domain/actions";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";
import type { Bounds } from "@/lib/ui-tree/node";

type Step = TrajectoryReview["steps"][number];
type Media = { id: string; width: number; height: number };
export type TreeOutline = { bounds: Bounds; kind: "hovered" | "selected" };
export type ZoomControls = { zoomIn: () => void; zoomOut: () => void; fit: () => void };

export type Frame =
  | { kind: "step"; step: Step }
  | { kind: "final"; media: Media | null; imageRef: string; stepCount: number };

type Props = {
  frame: Frame;
  corrected: Action | null;
  isPointMode: boolean;
  isOverlayShown: boolean;
  isNoteShown: boolean;
  isChangeShown: boolean;
  onPoint: (x: number, y: number) => void;
  outlines?: TreeOutline[];
  /** Set while the UI tree is open: a click outside point mode picks the node there. */
  onPick?: (x: number, y: number) => void;
  zoom: Ref<ZoomControls>;
  zoomMemory: ZoomMemory;
  /** Off when the caption and the action's words are shown in the column beside (phone screenshots). */
  isCaptionShown?: boolean;
  /** Shown at the end of the caption's row (the clean / labelled screenshot switch). */
  captionExtra?: ReactNode;
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

const NO_MEDIA: Media = { id: "", width: 1, height: 1 };

export function StepScreenshot({ frame, corrected, isPointMode, isOverlayShown, isNoteShown, isChangeShown, onPoint, outlines = [], onPick, zoom, zoomMemory, isCaptionShown = true, captionExtra }: Props) {
  const t = useT();
  const step = frame.kind === "step" ? frame.step : null;
  const media = frame.kind === "step" ? frame.step.media : frame.media;
  const stage = useStageSize("trajectory-screenshot");
  const focus = step?.action && media ? actionFocus(step.action, media.width, media.height) : null;
  const view = useViewport(media ?? NO_MEDIA, stage.size, `${step?.id ?? "final"}|${media?.id ?? "none"}`, { factor: zoomMemory.factor, focus, onFit: () => zoomMemory.remember(1) }, 0);
  // What the reviewer zoomed to is the project's level from now on (an external store: an
  // effect). Only the level is a dependency: `remember` is a new function on every render.
  const { isManual, factor } = view;
  useEffect(() => {
    if (isManual) zoomMemory.remember(factor);
  }, [isManual, factor]);
  useImperativeHandle(zoom, () => ({ zoomIn: view.zoomIn, zoomOut: view.zoomOut, fit: view.fit }), [view.zoomIn, view.zoomOut, view.fit]);
  // Hiding the drawing (key o) shows what is under a tag; the caption still says it.
  const action = isOverlayShown ? (step?.action ?? null) : null;
  const correctedPoint = isOverlayShown && isPointAction(corrected) && corrected.x !== undefined ? corrected : null;
  const regions = isChangeShown ? (step?.screenChange?.regions ?? null) : null;
  const name = step ? t("trajectory.screenshot.stepAlt", { step: step.index + 1 }) : t("trajectory.final.alt");
  return (
    <figure className="flex h-full min-h-0 flex-col gap-1" aria-label={step ? t("trajectory.screenshot.figure", { step: step.index + 1 }) : t("trajectory.final.title")}>
      {isCaptionShown && <FrameCaption frame={frame} corrected={corrected} isOverlayShown={isOverlayShown} isChangeShown={isChangeShown} extra={captionExtra} />}
      {isCaptionShown && <FrameNote frame={frame} isNoteShown={isNoteShown} />}
      {media ? (
        <div className="min-h-48 flex-1">
          <ScreenshotStage stageRef={stage.ref} stageElement={stage.element} view={view} image={media} isClickMeaningful={isPointMode || !!onPick} zoomLabel={t("trajectory.zoom.fit")}>
            <ScreenshotImage key={media.id} src={`/api/media/${media.id}`} alt={name} width={media.width} height={media.height} className="block h-full w-full bg-slate-200" />
            <svg viewBox={`0 0 ${media.width} ${media.height}`} className={`absolute inset-0 h-full w-full ${isPointMode ? "cursor-crosshair" : onPick ? "cursor-help" : "pointer-events-none"}`}
              aria-hidden="true" data-testid="action-overlay"
              onClick={(e) => {
                if (!isPointMode && !onPick) return;
                const p = imagePoint(e, media.width, media.height);
                if (!p) return;
                if (isPointMode) onPoint(p.x, p.y);
                else onPick?.(p.x, p.y);
              }}>
              {regions && <ChangedRegions regions={regions} />}
              {action && <ActionShapes action={action} width={media.width} height={media.height} color={TONES.action.color} />}
              {correctedPoint && <ActionShapes action={correctedPoint} width={media.width} height={media.height} color={TONES.corrected.color} />}
              {outlines.map((o) => <Outline key={o.kind} {...o} />)}
            </svg>
            <div className="pointer-events-none absolute inset-0 overflow-hidden">
              {action && <ActionLabels action={action} width={media.width} height={media.height} tone="action" />}
              {correctedPoint && <ActionLabels action={correctedPoint} width={media.width} height={media.height} tone="corrected" />}
            </div>
          </ScreenshotStage>
        </div>
      ) : (
        <div className="flex h-64 flex-col items-center justify-center rounded border border-dashed border-slate-400 bg-white text-slate-600">
          <p className="font-medium">{t("trajectory.screenshot.missing")}</p>
          <p className="text-xs">{(step ? step.imageRef : frame.kind === "final" ? frame.imageRef : null) ?? t("trajectory.screenshot.noReference")}</p>
        </div>
      )}
      {isPointMode && step?.action && (
        <p className="shrink-0 rounded bg-cyan-900 px-2 py-1 text-center text-sm text-white">
          {t("trajectory.screenshot.pointMode", { action: actionName(step.action, t) })}
        </p>
      )}
    </figure>
  );
}

/** What the frame is: the step and its action (or "final screen"), and the badges about it. A
 * figcaption above the screenshot, or a plain block in the column beside a phone screenshot. */
type CaptionProps = { frame: Frame; corrected: Action | null; isOverlayShown: boolean; isChangeShown: boolean; as?: "figcaption" | "div"; extra?: ReactNode };

export function FrameCaption({ frame, corrected, isOverlayShown, isChangeShown, as = "figcaption", extra }: CaptionProps) {
  const t = useT();
  const step = frame.kind === "step" ? frame.step : null;
  const Tag = as;
  return (
    <Tag data-testid="frame-caption" className="flex flex-wrap items-center gap-2 text-sm">
      {step ? (
        <>
          <span className="font-semibold">{t("trajectory.step", { step: step.index + 1 })}</span>
          {step.action ? <code className="rounded bg-slate-100 px-1.5 text-slate-900" data-testid="action-text">{describeAction(step.action)}</code>
            : <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">{t("trajectory.screenshot.noAction")}</span>}
          {step.isRepeated && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" title={t("trajectory.screenshot.repeatedWhy")}>{t("trajectory.screenshot.repeated")}</span>}
          {step.noVisibleEffect && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" data-testid="no-visible-effect">{t("flag.no_visible_effect")}</span>}
          {!isOverlayShown && <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">{t("trajectory.screenshot.drawingHidden")}</span>}
          {corrected && <code className="rounded bg-cyan-50 px-1.5 py-0.5 text-cyan-900" title={t("trajectory.screenshot.correctedWhy")}>→ {describeAction(corrected)}</code>}
          {isChangeShown && step.screenChange?.regions && step.screenChange.regions.length > 0 && (
            <span className="inline-flex items-center gap-1 text-xs text-slate-700" data-testid="change-legend">
              <span className="inline-block h-3 w-3 border-2 border-dashed border-sky-600" aria-hidden="true" />{t("trajectory.change.legend")} <kbd className="font-mono text-slate-500">d</kbd>
            </span>
          )}
        </>
      ) : (
        <>
          <span className="font-semibold" data-testid="final-screen-title">{t("trajectory.final.title")}</span>
          <span className="text-xs text-slate-600">{t("trajectory.final.caption", { steps: frame.kind === "final" ? frame.stepCount : 0 })}</span>
        </>
      )}
      {extra && <span className="ml-auto">{extra}</span>}
    </Tag>
  );
}

/** The action's words that have no place on the screen, as a block (key i hides them). */
export function FrameNote({ frame, isNoteShown }: { frame: Frame; isNoteShown: boolean }) {
  const action = frame.kind === "step" ? frame.step.action : null;
  // Nothing to say, no box: an empty one would still take a gap from the screenshot's height.
  if (!action || !isNoteShown || !hasActionNote(action)) return null;
  return <div className="shrink-0" data-testid="action-note"><ActionNote action={action} tone="action" /></div>;
}
