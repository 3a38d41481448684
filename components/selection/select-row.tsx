"use client";
// One row's checkbox in a list's selection; shift-click extends the range from the last click
// (React reports a checkbox's change on its click event, which carries shiftKey).
import { useRowSelection } from "@/components/selection/row-selection";

export function SelectRow({ id, label, className = "" }: { id: string; label: string; className?: string }) {
  const selection = useRowSelection();
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selection.isSelected(id)}
      onChange={(event) => selection.toggle(id, (event.nativeEvent as MouseEvent).shiftKey === true)}
      className={`size-4 cursor-pointer accent-blue-700 ${className}`}
    />
  );
}
