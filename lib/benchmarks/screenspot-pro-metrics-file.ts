// metrics.json as ScreenSpot-Pro's evaluator writes it (eval_screenspot_pro.py at 6a890ec:
// json.dump(..., indent=4)), with Python's number types: counts are ints, and a ratio is a
// float whenever its denominator is not zero (0/2 is 0.0) and the int 0 when it is (the
// evaluator's `x / n if n > 0 else 0`). JavaScript reads 0.0 and 0 as the same number, so the
// type comes from the denominators: num_total in the cell itself for action_acc, the cell's
// text and icon totals (counted from the run's answers, the same whichever correctness is
// counted) for text_acc and icon_acc.
import { pyFloat, pyFromJson, pyInt, pyJsonDumpsIndented, type PyValue } from "@/lib/domain/python-json";
import type { AccuracyCell, Slices } from "@/lib/runs/grounding-accuracy";
import type { MetricsBlock } from "@/lib/benchmarks/screenspot-pro-report";

type Counted = { overall: AccuracyCell; slices: Slices };

function typedCell(cell: Record<string, number>, counted: AccuracyCell | undefined): PyValue {
  const denominator: Record<string, number | undefined> = { action_acc: cell.num_total, text_acc: counted?.textTotal, icon_acc: counted?.iconTotal };
  return {
    entries: Object.entries(cell).map(([field, value]): [string, PyValue] => {
      if (field.startsWith("num_") || field === "wrong_format_num") return [field, pyInt(value)];
      if (field in denominator) {
        const n = denominator[field];
        // A cell no answer has any more (a slice only the file lists): its own value decides.
        const isFloat = n === undefined ? !Number.isInteger(value) || cell.num_total! > 0 : n > 0;
        return [field, isFloat ? pyFloat(value) : pyInt(value)];
      }
      return [field, pyFromJson(value)];
    }),
  };
}

/** The file's text: {"metrics": block}, every number typed as the evaluator's Python would type it. */
export function metricsFileText(block: MetricsBlock, counted: Counted): string {
  const sections = Object.entries(block).map(([section, value]): [string, PyValue] => {
    if (section === "overall") return [section, typedCell(value as Record<string, number>, counted.overall)];
    const slice = counted.slices[section];
    const cells = Object.entries(value as Record<string, Record<string, number>>).map(([key, cell]): [string, PyValue] => [key, typedCell(cell, slice?.get(key))]);
    return [section, { entries: cells }];
  });
  return `${pyJsonDumpsIndented({ entries: [["metrics", { entries: sections }]] }, 4)}\n`;
}
