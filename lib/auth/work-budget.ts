// A bound on concurrent expensive work (scrypt password checks): at most `concurrency` run at
// once, at most `maxWaiting` wait in line, and anything beyond is refused at once, so a flood
// of sign-in attempts costs a fixed share of the CPU instead of all of it.
export class BudgetExceeded extends Error {
  constructor() {
    super("work budget exceeded");
    this.name = "BudgetExceeded";
  }
}

export type WorkBudget = { run<T>(work: () => Promise<T>): Promise<T>; readonly running: number; readonly waiting: number };

export function createWorkBudget({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): WorkBudget {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run(work) {
      if (running >= concurrency) {
        if (queue.length >= maxWaiting) throw new BudgetExceeded();
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
