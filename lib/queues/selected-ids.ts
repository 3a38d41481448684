// The ids of a hand-picked selection ("Queue N selected" on a list): comma-separated in the
// new-queue form's URL, repeated `itemIds` fields in the form. Checked for shape here (a row
// id, at most MAX_SELECTED, no repeats); that each is the project's is createListQueue's check.
import { z } from "zod";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

export const MAX_SELECTED = 500;

export const SelectedIdsSchema = z.array(RowIdSchema).min(1).max(MAX_SELECTED).transform((ids) => [...new Set(ids)]);

export type SelectedIds = { ids: string[] } | { invalid: true } | null;

/** The URL's `ids`: null when absent; `invalid` (the form says so and offers filters) when
 * one is not a row id or there are more than MAX_SELECTED. */
export function parseSelectedIds(value: string | string[] | undefined): SelectedIds {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return null;
  const parsed = SelectedIdsSchema.safeParse(text.split(","));
  return parsed.success ? { ids: parsed.data } : { invalid: true };
}
