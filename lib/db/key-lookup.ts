// Looks rows up by many keys at once without passing a database's bound-parameter limit
// (SQLite through Prisma allows far fewer than PostgreSQL): keys go in IN lists of a few
// hundred, grouped by the part of the key they share.
export const IN_LIST_SIZE = 300;

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export async function lookupInChunks<K, R>(keys: K[], fetch: (chunk: K[]) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < keys.length; i += IN_LIST_SIZE) results.push(...(await fetch(keys.slice(i, i + IN_LIST_SIZE))));
  return results;
}
