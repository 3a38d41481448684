// Pages of a keyset walk, the next page asked for before the current one is handed on: on
// PostgreSQL the server reads page k+1 while the caller shapes, hashes and writes page k (a
// 200k-row pool export sat idle 28% of its time there, waiting for its reads and ledger
// writes while the other core worked). On
// SQLite the read runs when it is asked for, so nothing changes but the order. One page is
// read ahead at most. A walk left early (its consumer failed) lets that read finish unseen:
// nobody wants the page, so its own failure is not reported twice.
export async function* readAhead<T, K>(read: (after: K | null) => Promise<T[]>, limit: number, keyOf: (page: readonly T[]) => K): AsyncGenerator<T[]> {
  let next = read(null);
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    const more = page.length >= limit;
    if (more) {
      next = read(keyOf(page));
      next.catch(() => undefined);
    }
    yield page;
    if (!more) return;
  }
}
