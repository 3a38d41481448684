"use client";
// Every box also lives in the DOM (CONVENTIONS "The box editor"): readable by screen readers,
// editable by typing (the only way when the screenshot is missing), and a handle for tests.
import type { Box } from "@/lib/domain/geometry";
import type { EditorAction } from "@/lib/editor/reducer";
import type { EditorState } from "@/lib/editor/state";
import { BoxRow } from "@/components/editor/box-row";
import { newBoxId } from "@/components/editor/gesture-action";
import { useT } from "@/components/i18n/i18n-provider";

type Props = {
  state: EditorState;
  readOnly: boolean;
  maxBoxes: number | undefined;
  dispatch: (action: EditorAction) => void;
};

// A typed box starts as the middle fifth of the image, ready to be overwritten.
function defaultBox({ width, height }: EditorState["image"]): Box {
  return [Math.round(width * 0.4), Math.round(height * 0.4), Math.round(width * 0.6), Math.round(height * 0.6)];
}

export function BoxList({ state, readOnly, maxBoxes, dispatch }: Props) {
  const t = useT();
  const isFull = maxBoxes !== undefined && state.boxes.length >= maxBoxes;
  // One box at most (grounding): everything on one line where it fits, so the canvas keeps the
  // height; the add button only while there is room for a box, the T hint in the title. The
  // line is as high with a box as without one: in a workspace the canvas takes what the list
  // leaves, and a list that grew as the first box is drawn would refit the canvas mid-drag.
  const isCompact = maxBoxes === 1;
  const showsNote = !isCompact || state.targetAbsent;
  return (
    <section aria-label={t("editor.boxes")} className={`shrink-0 border-t border-slate-200 bg-slate-50 p-3 ${isCompact ? "flex flex-wrap items-center gap-3" : "space-y-2"}`}>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-medium" title={isCompact ? t("editor.toggleHint") : undefined}>
          <input
            type="checkbox"
            checked={state.targetAbsent}
            disabled={readOnly}
            onChange={(e) => dispatch({ type: "setTargetAbsent", value: e.target.checked })}
            className="size-4 accent-rose-700"
          />
          {t("editor.targetAbsent")}
        </label>
        {showsNote && <span className="text-xs text-slate-500">{state.targetAbsent ? t("editor.targetAbsentNote") : t("editor.toggleHint")}</span>}
        {!readOnly && !(isCompact && isFull) && (
          <button
            type="button"
            disabled={isFull}
            title={isFull ? t("editor.replaceTitle") : undefined}
            onClick={() => dispatch({ type: "add", id: newBoxId(state), box: defaultBox(state.image) })}
            className={`rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-slate-100 disabled:opacity-40 ${isCompact ? "" : "ml-auto"}`}
          >
            {t("editor.addByCoordinates")}
          </button>
        )}
      </div>
      {state.boxes.length === 0 ? (
        <p className={`text-sm text-slate-600 ${isCompact ? "flex min-h-10 items-center" : ""}`}>
          {readOnly ? t("editor.noBox") : t("editor.noBoxYet")}
        </p>
      ) : (
        <ol className={`space-y-1.5 ${isCompact ? "min-h-10 min-w-0 flex-1" : ""} ${state.targetAbsent ? "opacity-60" : ""}`}>
          {state.boxes.map((item, index) => (
            <BoxRow
              key={item.id}
              item={item}
              index={index}
              image={state.image}
              isSelected={item.id === state.selectedId}
              readOnly={readOnly}
              onSetBox={(id, box) => dispatch({ type: "setBox", id, box })}
              onDelete={(id) => dispatch({ type: "delete", id })}
              onSelect={(id) => {
                if (!state.targetAbsent) dispatch({ type: "select", id });
              }}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
