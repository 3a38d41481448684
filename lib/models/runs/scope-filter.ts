// What a run is asked to run over, from a list page's URL: the kind of items and the list's
// filter as a run's scope keeps it (the filter's own keys with a value, without the page
// cursor or the order, which do not change which items match). Values the list would ignore
// are left out here too, so the count a person sees is the count the run freezes.
// Pure.
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";

export const RUN_ITEMS = ["samples", "trajectories"] as const;
export type RunItems = (typeof RUN_ITEMS)[number];

export const parseRunItems = (value: unknown): RunItems => (value === "trajectories" ? "trajectories" : "samples");

const NOT_A_SELECTION = new Set(["after", "sort", "dir"]);

/** The filter a run over these items keeps, as strings (the form and the run's scope carry strings). */
export function scopeFilterOf(items: RunItems, params: Record<string, string | undefined>): Record<string, string> {
  const parsed: Record<string, unknown> = items === "samples" ? SampleFilterSchema.parse(params) : TrajectoryFilterSchema.parse(params);
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined || value === null || value === "" || NOT_A_SELECTION.has(key)) continue;
    filter[key] = String(value);
  }
  return filter;
}

/** The filter as a query string without "?" (what the launch form posts). */
export const filterQueryOf = (filter: Record<string, string>): string => new URLSearchParams(filter).toString();

/** A query string (with or without "?") as a record, first value of each key. */
export function recordOfQuery(query: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ""))) if (!(key in record)) record[key] = value;
  return record;
}
