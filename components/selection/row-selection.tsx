"use client";
// A hand-picked selection of a list page's rows (samples or trajectories), for "Queue N
// selected". It lives only on the page: the rows' ids in page order are handed in by the
// server list, a click toggles one, a shift-click sets every row from the last clicked one to
// this one to this one's new state (as file managers do), and "select all" covers the page.
import { createContext, useContext, useState, type ReactNode } from "react";

type Selection = {
  ids: readonly string[];
  selected: ReadonlySet<string>;
  isSelected(id: string): boolean;
  /** `extend`: a shift-click, which sets the range from the last clicked row. */
  toggle(id: string, extend: boolean): void;
  setAll(isOn: boolean): void;
};

const SelectionContext = createContext<Selection | null>(null);

export function RowSelection({ ids, children }: { ids: readonly string[]; children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  function toggle(id: string, extend: boolean) {
    const index = ids.indexOf(id);
    if (index < 0) return;
    const isOn = !selected.has(id);
    const [from, to] = extend && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
    const next = new Set(selected);
    for (const rowId of ids.slice(from, to + 1)) {
      if (isOn) next.add(rowId);
      else next.delete(rowId);
    }
    setSelected(next);
    setAnchor(index);
  }
  const value: Selection = {
    ids,
    selected,
    isSelected: (id) => selected.has(id),
    toggle,
    setAll: (isOn) => setSelected(isOn ? new Set(ids) : new Set()),
  };
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useRowSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("useRowSelection needs a <RowSelection> around it");
  return selection;
}
