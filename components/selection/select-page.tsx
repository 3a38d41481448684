"use client";
// "Select all on this page": checked when every row is, mixed when some are.
import { useT } from "@/components/i18n/i18n-provider";
import { useRowSelection } from "@/components/selection/row-selection";

export function SelectPage() {
  const t = useT();
  const { ids, selected, setAll } = useRowSelection();
  const count = ids.filter((id) => selected.has(id)).length;
  const isAll = ids.length > 0 && count === ids.length;
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={isAll}
        ref={(el) => {
          if (el) el.indeterminate = count > 0 && !isAll;
        }}
        onChange={() => setAll(!isAll)}
        className="size-4 cursor-pointer accent-blue-700"
      />
      {t("selection.selectPage")}
    </label>
  );
}
