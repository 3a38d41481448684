// Whether a parsed list filter filters nothing (its keyset cursor aside): the review screens
// then read an item's neighbours in one raw statement in import order instead of walking the
// filtered list through Prisma (issue 38; list-samples.ts, list-trajectories.ts).
export function isUnfiltered(filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => key === "after" || value === undefined);
}
