"use client";
// The box editor: a Konva canvas over a screenshot plus a DOM list of the same boxes.
// State lives in image pixels (lib/editor); this file wires the hooks together:
//   use-editor-history (undo, load by key, onChange) . use-viewport (fit / zoom / pan)
//   use-canvas-gestures (draw, move, resize, pan) . use-editor-keys . use-wheel-zoom.
// Load it through BoxEditorLazy: Konva needs the browser.
//
// For tests the container exposes data-ready, and the viewport as data-scale /
// data-offset-x / data-offset-y: a point (x, y) in image pixels is on the page at
//   stageBox.x + offsetX + x * scale, stageBox.y + offsetY + y * scale
// where stageBox is the bounding box of [data-testid="box-editor-stage"]; data-references
// names the read-only boxes drawn under the editable ones; data-labels says whether the
// labels are shown (O) and data-chips where each one is (stage pixels, "key x y w h;..."),
// data-edge which edge of the selected box the arrow keys move (E).
import { treeFitText } from "@/components/editor/tree-fit-text";
import { useEffect, useRef, useState } from "react";
import type { EditorInput, EditorState } from "@/lib/editor/state";
import type { Edge } from "@/lib/editor/box-ops";
import { BoxList } from "@/components/editor/box-list";
import { layoutCanvasChips } from "@/components/editor/canvas-chips";
import { measureChipText } from "@/components/editor/measure-chip-text";
import { EditorCanvas } from "@/components/editor/editor-canvas";
import { EditorHelp, type ScreenKey } from "@/components/editor/editor-help";
import { EditorStatusBar } from "@/components/editor/editor-status-bar";
import { EditorToolbar } from "@/components/editor/editor-toolbar";
import { ImageStateOverlay } from "@/components/editor/image-state-overlay";
import type { Prediction } from "@/components/editor/prediction-layer";
import type { ReferenceBox } from "@/components/editor/reference-layer";
import { TargetAbsentBadge } from "@/components/editor/target-absent-badge";
import { useCanvasGestures } from "@/components/editor/use-canvas-gestures";
import { useEditorHistory, type OnEditorChange } from "@/components/editor/use-editor-history";
import { useEditorKeys } from "@/components/editor/use-editor-keys";
import { useHtmlImage } from "@/components/editor/use-html-image";
import { useSnapInEditor, useSnapPreference } from "@/components/editor/use-snap-preference";
import { useStageSize } from "@/components/editor/use-stage-size";
import { useViewport } from "@/components/editor/use-viewport";
import { useWheelZoom } from "@/components/editor/use-wheel-zoom";
import { boxOfElement, elementUnderBox } from "@/lib/ui-tree/snap";
import type { Fitted } from "@/lib/ui-tree/fit-to-image";
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";

export type BoxEditorProps = {
  imageUrl: string | null; // null: no screenshot; the size is shown and coordinates can be typed
  image: { width: number; height: number };
  initial: EditorInput; // read when loadKey changes; that load resets history (not undoable)
  loadKey: string; // e.g. `${sampleId}:${version}`
  predictions?: Prediction[];
  references?: ReferenceBox[]; // read-only boxes under the editable ones (adjudication)
  maxBoxes?: number; // 1 for grounding: a drawn box replaces the selected/only one, one undo step
  readOnly?: boolean;
  /** The screenshot's UI tree fitted to image pixels, when one is stored: its elements are snap targets (B). */
  uiTree?: Fitted | null;
  onChange?: OnEditorChange; // after each committed change, never on every mousemove
  /** From the lg breakpoint, fill the height the parent gives (a review workspace) instead of a 70vh canvas. */
  fillHeight?: boolean;
  /** Keys the screen around the editor handles, listed in its "?" overlay after the editor's own. */
  screenKeys?: readonly ScreenKey[];
  className?: string;
};

const NO_PREDICTIONS: Prediction[] = [];
const NO_REFERENCES: ReferenceBox[] = [];
const SNAP_COLOR = "#d97706";

const EDGE_HINT = { left: "editor.hint.edgeLeft", top: "editor.hint.edgeTop", right: "editor.hint.edgeRight", bottom: "editor.hint.edgeBottom" } as const;

function hintFor(t: Translate, state: EditorState, o: { readOnly: boolean; isDrawMode: boolean; snapLabel: string | null; treeNote: string | null; edge: Edge | null }): string {
  if (o.readOnly) return t("editor.hint.readOnly");
  if (o.isDrawMode) return t("editor.hint.drawMode");
  if (state.targetAbsent) return t("editor.hint.targetAbsent");
  const index = state.boxes.findIndex((b) => b.id === state.selectedId);
  if (index >= 0 && o.edge) return t(EDGE_HINT[o.edge], { n: index + 1 });
  // The tree note comes from lib/ui-tree/fit-to-image.ts, in English (README "Languages").
  if (index >= 0 && o.snapLabel) return `${t("editor.hint.snap", { n: index + 1, element: o.snapLabel })}${o.treeNote ? ` ${o.treeNote}` : ""}`;
  if (index >= 0) return t("editor.hint.selected", { n: index + 1 });
  return t("editor.hint.idle");
}

export function BoxEditor(props: BoxEditorProps) {
  const { imageUrl, image, maxBoxes, readOnly = false, predictions = NO_PREDICTIONS, references = NO_REFERENCES } = props;
  const t = useT();
  const editor = useEditorHistory(props.initial, props.loadKey, props.onChange);
  const [snapToPixels, setSnapToPixels] = useSnapPreference();
  useSnapInEditor(editor, snapToPixels);
  const stage = useStageSize();
  const imageStatus = useHtmlImage(imageUrl);
  // A load (another item in a kept editor, or the other version of a conflict) starts fitted.
  const view = useViewport(image, stage.size, `${props.loadKey}|${imageUrl ?? "none"}|${image.width}x${image.height}`);
  const [isDrawMode, setDrawMode] = useState(false);
  const [isHelpOpen, setHelpOpen] = useState(false);
  // Draw mode and the "?" overlay belong to the item they were opened on; the labels' O is the person's choice and stays.
  const [modesOf, setModesOf] = useState(props.loadKey);
  if (modesOf !== props.loadKey) {
    setModesOf(props.loadKey);
    setDrawMode(false);
    setHelpOpen(false);
  }
  const [isSpaceHeld, setSpaceHeld] = useState(false);
  const [isLabelsShown, setLabelsShown] = useState(true);
  // The edge E chose belongs to one box of one load: selecting another box, or another
  // sample, makes the arrows move whole boxes again.
  const [edgeChoice, setEdgeChoice] = useState<{ boxId: string; loadKey: string; edge: Edge } | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const focusEditor = () => containerRef.current?.focus({ preventScroll: true });
  // Keyboard-first: the editor has the focus from the start (? and every shortcut work on
  // load), unless the person is already somewhere else on the page.
  useEffect(() => {
    if (!readOnly && (document.activeElement === null || document.activeElement === document.body)) focusEditor();
  }, [readOnly]);

  const gestures = useCanvasGestures({
    editor,
    view,
    readOnly,
    maxBoxes,
    isSpaceHeld,
    isDrawMode,
    endDrawMode: () => setDrawMode(false),
    focusEditor,
  });
  // The element B would snap the selected box to, drawn dashed so the reviewer sees it first.
  const selectedBox = editor.state.targetAbsent ? null : editor.state.boxes.find((b) => b.id === editor.state.selectedId) ?? null;
  const edge = selectedBox && edgeChoice && edgeChoice.boxId === selectedBox.id && edgeChoice.loadKey === props.loadKey ? edgeChoice.edge : null;
  const snapTarget = props.uiTree && selectedBox ? elementUnderBox(props.uiTree.tree, selectedBox.box) : null;
  const snapBox = snapTarget ? boxOfElement(snapTarget) : null;
  const snapLabel = snapTarget ? [snapTarget.role, snapTarget.text].filter(Boolean).join(" ").slice(0, 40) : null;
  const shownReferences = snapBox && snapLabel ? [...references, { key: "ui-element", label: t("editor.uiElement", { element: snapLabel }), box: snapBox, color: SNAP_COLOR }] : references;
  const keys = useEditorKeys({
    editor,
    view,
    readOnly,
    isGestureActive: gestures.activeGesture !== null,
    cancelGesture: gestures.cancel,
    isHelpOpen,
    setHelpOpen,
    isDrawMode,
    setDrawMode,
    setSpaceHeld,
    toggleSnap: () => setSnapToPixels(!snapToPixels),
    snapToElement: snapBox && selectedBox ? () => editor.dispatch({ type: "setBox", id: selectedBox.id, box: snapBox }) : undefined,
    edge,
    setEdge: (next) => setEdgeChoice(next && selectedBox ? { boxId: selectedBox.id, loadKey: props.loadKey, edge: next } : null),
    toggleLabels: () => setLabelsShown(!isLabelsShown),
  });
  useWheelZoom(stage.element, view.zoomAtPoint);

  const { state } = editor;
  const vp = view.viewport;
  const isReady = stage.size.width > 0 && imageStatus.state !== "loading";
  const chips = isLabelsShown && stage.size.width > 0
    ? layoutCanvasChips({ state, references: shownReferences, predictions, viewport: vp, stage: stage.size, measure: measureChipText })
    : [];
  return (
    <div
      ref={containerRef}
      tabIndex={0}
      role="group"
      aria-label={t("editor.label")}
      data-testid="box-editor"
      data-ready={isReady ? "true" : "false"}
      data-image-state={imageStatus.state}
      data-image={imageUrl ?? ""}
      data-scale={vp.scale}
      data-offset-x={vp.offsetX}
      data-offset-y={vp.offsetY}
      data-snap-to-pixels={state.snapToPixels ? "true" : "false"}
      data-references={shownReferences.map((r) => r.key).join(" ")}
      data-snap-target={snapBox ? snapBox.join(",") : undefined}
      data-labels={isLabelsShown ? "shown" : "hidden"}
      data-chips={chips.map((c) => `${c.key} ${[c.x, c.y, c.width, c.height].map(Math.round).join(" ")}`).join(";")}
      data-edge={edge ?? "none"}
      onKeyDown={keys.onKeyDown}
      onKeyUp={keys.onKeyUp}
      onBlur={() => setSpaceHeld(false)}
      className={`overflow-hidden rounded-lg border border-slate-300 bg-white outline-none focus:ring-2 focus:ring-blue-600 ${props.fillHeight ? "flex h-full flex-col" : ""} ${props.className ?? ""}`}
    >
      <div className="shrink-0 border-b border-slate-200 p-2">
        <EditorToolbar
          scale={vp.scale}
          readOnly={readOnly}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          isDrawMode={isDrawMode}
          isHelpOpen={isHelpOpen}
          isLabelsShown={isLabelsShown}
          onToggleLabels={() => setLabelsShown(!isLabelsShown)}
          snapToPixels={snapToPixels}
          onToggleSnap={() => setSnapToPixels(!snapToPixels)}
          onUndo={editor.undo}
          onRedo={editor.redo}
          onZoomIn={view.zoomIn}
          onZoomOut={view.zoomOut}
          onFit={view.fit}
          onActualSize={view.actualSize}
          onToggleDrawMode={() => setDrawMode(!isDrawMode)}
          onToggleHelp={() => setHelpOpen(!isHelpOpen)}
          focusEditor={focusEditor}
        />
      </div>
      <div className={`relative w-full bg-slate-700 ${props.fillHeight ? "h-[70vh] min-h-80 lg:h-auto lg:min-h-48 lg:flex-1" : "h-[70vh] min-h-80"}`}>
        <div
          ref={stage.ref}
          data-testid="box-editor-stage"
          className="absolute inset-0 touch-none overflow-hidden select-none"
          style={{ cursor: gestures.cursor }}
          {...gestures.handlers}
        >
          {stage.size.width > 0 && (
            <EditorCanvas
              size={stage.size}
              viewport={vp}
              image={imageStatus.state === "loaded" ? imageStatus.element : null}
              state={state}
              predictions={predictions}
              references={shownReferences}
              crosshair={gestures.pointer}
              chips={chips}
              edge={edge}
            />
          )}
        </div>
        <ImageStateOverlay status={imageStatus} image={image} />
        {state.targetAbsent && <TargetAbsentBadge />}
        {isHelpOpen && <EditorHelp onClose={() => setHelpOpen(false)} screenKeys={props.screenKeys} />}
      </div>
      <EditorStatusBar isOneLine={props.fillHeight} pointer={gestures.pointer} viewport={vp} image={image} hint={hintFor(t, state, { readOnly, isDrawMode, snapLabel, treeNote: treeFitText(t, props.uiTree?.note ?? null), edge })} />
      <BoxList state={state} readOnly={readOnly} maxBoxes={maxBoxes} dispatch={editor.dispatch} />
    </div>
  );
}
