// List filters travel in the URL. These two helpers are the only translation between a
// filter object and a query string, for every list (samples, trajectories, audit log).
export type SearchParams = Record<string, string | string[] | undefined>;

/** Next.js hands repeated keys as arrays; a filter reads the first value of each. */
export function firstValues(params: SearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
}

/** `?a=1&b=x` for the set values of a filter, with `changes` applied; "" when none is set. */
export function toQueryString<F extends object>(filter: F, changes: Partial<F> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...changes })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
