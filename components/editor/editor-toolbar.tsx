"use client";
// Buttons for everything the keyboard does, so the editor is usable without knowing the
// shortcuts; each title names its key. A mouse press on a button focuses the editor
// container instead of the button, so the shortcuts keep working after a click.
import type { MouseEvent, ReactNode } from "react";

type Props = {
  scale: number;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  isDrawMode: boolean;
  isHelpOpen: boolean;
  snapToPixels: boolean;
  onToggleSnap: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  onActualSize: () => void;
  onToggleDrawMode: () => void;
  onToggleHelp: () => void;
  focusEditor: () => void;
};

function ToolButton(props: {
  focusEditor: () => void;
  label: string;
  title: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.title}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onMouseDown={(e: MouseEvent) => {
        e.preventDefault();
        props.focusEditor();
      }}
      onClick={props.onClick}
      className="min-w-8 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-40 aria-pressed:border-blue-600 aria-pressed:bg-blue-50 aria-pressed:text-blue-800"
    >
      {props.children}
    </button>
  );
}

export function EditorToolbar(p: Props) {
  return (
    <div role="toolbar" aria-label="Box editor tools" className="flex flex-wrap items-center gap-1.5">
      {!p.readOnly && (
        <>
          <ToolButton focusEditor={p.focusEditor} label="Draw a new box" title="Draw a new box (N)" pressed={p.isDrawMode} onClick={p.onToggleDrawMode}>
            + Box
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label="Undo" title="Undo (Ctrl/Cmd+Z)" disabled={!p.canUndo} onClick={p.onUndo}>
            ↶ Undo
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label="Redo" title="Redo (Ctrl/Cmd+Shift+Z, Ctrl+Y)" disabled={!p.canRedo} onClick={p.onRedo}>
            ↷ Redo
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label="Snap to pixels" title="Snap boxes to whole pixels (I)" pressed={p.snapToPixels} onClick={p.onToggleSnap}>
            Snap px
          </ToolButton>
          <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden />
        </>
      )}
      <ToolButton focusEditor={p.focusEditor} label="Zoom out" title="Zoom out (-)" onClick={p.onZoomOut}>
        −
      </ToolButton>
      <span className="w-14 text-center font-mono text-sm tabular-nums text-slate-700" aria-label="Zoom level">
        {Math.round(p.scale * 100)}%
      </span>
      <ToolButton focusEditor={p.focusEditor} label="Zoom in" title="Zoom in (+)" onClick={p.onZoomIn}>
        +
      </ToolButton>
      <ToolButton focusEditor={p.focusEditor} label="Fit" title="Fit the screenshot to the view (0)" onClick={p.onFit}>
        Fit
      </ToolButton>
      <ToolButton focusEditor={p.focusEditor} label="Actual size" title="Actual size, 100% (1)" onClick={p.onActualSize}>
        100%
      </ToolButton>
      <span className="grow" />
      <ToolButton focusEditor={p.focusEditor} label="Keyboard shortcuts" title="Keyboard shortcuts (?)" pressed={p.isHelpOpen} onClick={p.onToggleHelp}>
        ? Shortcuts
      </ToolButton>
    </div>
  );
}
