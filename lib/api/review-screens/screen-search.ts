// What a review screen's address carries besides the item: the list's filters (so previous,
// next and back return to the same list) and, in queue mode, the claim and its queue. The
// server page and the screen-data route read an address with these same functions, so the
// screen a swap shows is the screen a reload of its address would show.
export type ScreenSearch = Record<string, string | string[] | undefined>;

/** The address's query as it came, `?a=b` (empty when there is none). */
export function queryOf(search: ScreenSearch): string {
  const query = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => [v ?? []].flat().map((x) => [k, x]))).toString();
  return query ? `?${query}` : "";
}

/** A URLSearchParams as the pages' searchParams object (a repeated key becomes a list). */
export function searchOf(params: URLSearchParams): ScreenSearch {
  const search: ScreenSearch = {};
  for (const [key, value] of params) {
    const seen = search[key];
    search[key] = seen === undefined ? value : [seen].flat().concat(value);
  }
  return search;
}

/** Queue mode: the claim and queue a submit names, as the address gives them (the server checks
 * them again on every save; a claim that is not the caller's is refused there). */
export function queueStepOf(search: ScreenSearch): { claimId: string; queueId: string } | null {
  const { claim, queue } = search;
  return typeof claim === "string" && typeof queue === "string" ? { claimId: claim, queueId: queue } : null;
}
