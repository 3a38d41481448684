"use client";
// One box in the DOM list: its label, four coordinate fields and a delete button. Typing
// edits a local draft; Enter or leaving a field commits the whole row as ONE setBox (one undo
// step), so a box can be moved by typing x1 then x2 even when x1 alone would pass x2. Escape
// drops the draft. An invalid row shows why and commits nothing.
import { useId, useState, type KeyboardEvent } from "react";
import type { Box } from "@/lib/domain/geometry";
import { roundBox } from "@/lib/editor/box-ops";
import type { Size } from "@/lib/editor/size";
import type { EditorBox } from "@/lib/editor/state";
import { COORD_NAMES, parseBoxInput, type BoxInputError } from "@/components/editor/parse-box-input";
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";

type Props = {
  item: EditorBox;
  index: number;
  image: Size;
  isSelected: boolean;
  readOnly: boolean;
  onSetBox: (id: string, box: Box) => void;
  onDelete: (id: string) => void;
  onSelect: (id: string) => void;
};

type Drafts = Partial<Record<number, string>>;

function errorText(t: Translate, error: BoxInputError): string {
  if (error.kind === "notNumber") return t("editor.coord.notNumber", { coord: error.coord });
  if (error.kind === "outside") return t("editor.coord.outside", { coord: error.coord, limit: error.limit });
  return t("editor.coord.tooSmall", { high: error.high, low: error.low, min: error.min });
}

export function BoxRow({ item, index, image, isSelected, readOnly, onSetBox, onDelete, onSelect }: Props) {
  const [drafts, setDrafts] = useState<Drafts>({});
  const t = useT();
  const [error, setError] = useState<BoxInputError | null>(null);
  const errorId = useId();
  const shown = roundBox(item.box).map(String);
  const values = shown.map((value, i) => drafts[i] ?? value);
  const name = t("editor.boxName", { n: index + 1 });

  const commit = () => {
    if (Object.keys(drafts).length === 0) return;
    const parsed = parseBoxInput(values, image);
    if (!parsed.ok) return setError(parsed.error);
    setDrafts({});
    setError(null);
    if (values.some((v, i) => v.trim() !== shown[i])) onSetBox(item.id, parsed.box);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      commit();
    } else if (e.key === "Escape") {
      setDrafts({});
      setError(null);
    }
  };

  return (
    <li
      className={`rounded-md border px-2 py-1.5 ${isSelected ? "border-fuchsia-400 bg-fuchsia-50" : "border-slate-200 bg-white"}`}
      data-testid="box-row"
      data-box-id={item.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-16 text-sm font-medium">
          {name}
          {item.label !== "" && <span className="ml-1 font-normal text-slate-600">{item.label}</span>}
        </span>
        {COORD_NAMES.map((coord, i) => (
          <label key={coord} className="flex items-center gap-1 font-mono text-xs text-slate-600">
            {coord}
            <input
              aria-label={`${name} ${coord}`}
              aria-invalid={error !== null}
              aria-describedby={error !== null ? errorId : undefined}
              inputMode="decimal"
              readOnly={readOnly}
              value={values[i]}
              onChange={(e) => setDrafts((d) => ({ ...d, [i]: e.target.value }))}
              onFocus={() => onSelect(item.id)}
              onBlur={commit}
              onKeyDown={onKeyDown}
              className="w-20 rounded border border-slate-300 px-1.5 py-0.5 text-right text-sm text-slate-900 tabular-nums aria-invalid:border-red-500"
            />
          </label>
        ))}
        {!readOnly && (
          <button
            type="button"
            aria-label={t("editor.deleteBox", { n: index + 1 })}
            onClick={() => onDelete(item.id)}
            className="ml-auto rounded border border-red-200 px-2 py-0.5 text-xs text-red-700 hover:bg-red-50"
          >
            {t("editor.delete")}
          </button>
        )}
      </div>
      {error !== null && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
          {t("editor.notSaved", { error: errorText(t, error) })}
        </p>
      )}
    </li>
  );
}
