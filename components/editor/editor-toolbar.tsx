"use client";
// Buttons for everything the keyboard does, so the editor is usable without knowing the
// shortcuts; each title names its key. A mouse press on a button focuses the editor
// container instead of the button, so the shortcuts keep working after a click.
import type { MouseEvent, ReactNode } from "react";
import { useT } from "@/components/i18n/i18n-provider";

type Props = {
  scale: number;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  isDrawMode: boolean;
  isHelpOpen: boolean;
  isLabelsShown: boolean;
  onToggleLabels: () => void;
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
  const t = useT();
  return (
    <div role="toolbar" aria-label={t("editor.tools")} className="flex flex-wrap items-center gap-1.5">
      {!p.readOnly && (
        <>
          <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.draw")} title={t("editor.tool.drawTitle")} pressed={p.isDrawMode} onClick={p.onToggleDrawMode}>
            {t("editor.tool.drawText")}
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.undo")} title={t("editor.tool.undoTitle")} disabled={!p.canUndo} onClick={p.onUndo}>
            ↶ {t("editor.tool.undo")}
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.redo")} title={t("editor.tool.redoTitle")} disabled={!p.canRedo} onClick={p.onRedo}>
            ↷ {t("editor.tool.redo")}
          </ToolButton>
          <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.snap")} title={t("editor.tool.snapTitle")} pressed={p.snapToPixels} onClick={p.onToggleSnap}>
            {t("editor.tool.snapText")}
          </ToolButton>
          <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden />
        </>
      )}
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.zoomOut")} title={t("editor.tool.zoomOutTitle")} onClick={p.onZoomOut}>
        −
      </ToolButton>
      <span className="w-14 text-center font-mono text-sm tabular-nums text-slate-700" aria-label={t("editor.tool.zoomLevel")}>
        {Math.round(p.scale * 100)}%
      </span>
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.zoomIn")} title={t("editor.tool.zoomInTitle")} onClick={p.onZoomIn}>
        +
      </ToolButton>
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.fit")} title={t("editor.tool.fitTitle")} onClick={p.onFit}>
        {t("editor.tool.fit")}
      </ToolButton>
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.actualSize")} title={t("editor.tool.actualSizeTitle")} onClick={p.onActualSize}>
        100%
      </ToolButton>
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.labels")} title={t("editor.tool.labelsTitle")} pressed={p.isLabelsShown} onClick={p.onToggleLabels}>
        {t("editor.tool.labelsText")}
      </ToolButton>
      <span className="grow" />
      <ToolButton focusEditor={p.focusEditor} label={t("editor.tool.help")} title={t("editor.tool.helpTitle")} pressed={p.isHelpOpen} onClick={p.onToggleHelp}>
        ? {t("editor.tool.helpText")}
      </ToolButton>
    </div>
  );
}
