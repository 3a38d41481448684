// Reads up to `limit` items of an async source ahead of its consumer, so that a parser reads
// and parses the next batch of an import while the previous one is written: on PostgreSQL the
// import had waited for the server a third of its time with nothing else to do
// (bench/results.md). Items come out in the source's order; an error of the source comes out
// after the items read before it, as it would without the buffer. The source must not depend
// on what the consumer does with earlier items (parsers read files only). When the consumer
// stops early, the source is closed once its read in flight has finished. A limit of 0 reads
// nothing ahead.
export async function* readAhead<T>(source: AsyncIterable<T>, limit: number): AsyncGenerator<T> {
  if (limit <= 0) {
    yield* source;
    return;
  }
  const iterator = source[Symbol.asyncIterator]();
  const buffered: T[] = [];
  let head = 0;
  let ended = false;
  let failure: { error: unknown } | null = null;
  let stopped = false;
  let wakeConsumer: (() => void) | null = null;
  let wakePump: (() => void) | null = null;
  const wake = (which: "consumer" | "pump") => {
    const resolve = which === "consumer" ? wakeConsumer : wakePump;
    if (which === "consumer") wakeConsumer = null;
    else wakePump = null;
    resolve?.();
  };

  const pump = (async () => {
    try {
      while (!stopped) {
        if (buffered.length - head >= limit) {
          await new Promise<void>((resolve) => (wakePump = resolve));
          continue;
        }
        const step = await iterator.next();
        if (step.done) {
          ended = true;
          break;
        }
        buffered.push(step.value);
        wake("consumer");
      }
    } catch (error) {
      failure = { error };
      ended = true;
    } finally {
      wake("consumer");
    }
  })();

  let finished = false;
  try {
    for (;;) {
      if (head < buffered.length) {
        const item = buffered[head]!;
        buffered[head++] = undefined as T; // let it go before the buffer is compacted
        if (head > limit) {
          buffered.splice(0, head);
          head = 0;
        }
        wake("pump");
        yield item;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (ended) {
        finished = true;
        return;
      }
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
    }
  } finally {
    stopped = true;
    wake("pump");
    await pump;
    // Stopped before the source's end: it closes what it holds (a file stream).
    if (!finished && !failure) await iterator.return?.(undefined);
  }
}
