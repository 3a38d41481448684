// A bound on concurrent expensive work (scrypt password checks): at most `concurrency` run at
// once, at most `maxWaiting` wait in line, and anything beyond is refused at once, so a flood
// of sign-in attempts costs a fixed share of the CPU instead of all of it.
//
// Two lanes, so that a flood of strangers never spends the budget first: "known" work (a
// sign-in from a browser or an address that signed in to the account before,
// lib/auth/sign-in-lane.ts) has `reserved` slots of its own on top of the shared ones, its own
// line of `maxWaiting`, and takes any slot that frees before waiting strangers do. Strangers
// never use more than the shared `concurrency`, so what an attack can cost is unchanged.
export class BudgetExceeded extends Error {
  constructor() {
    super("work budget exceeded");
    this.name = "BudgetExceeded";
  }
}

export type BudgetLane = "known" | "stranger";

export type WorkBudget = {
  run<T>(work: () => Promise<T>, lane?: BudgetLane): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export function createWorkBudget({ concurrency, maxWaiting, reserved = 0 }: { concurrency: number; maxWaiting: number; reserved?: number }): WorkBudget {
  const slots = concurrency + reserved;
  const running = { known: 0, stranger: 0 };
  const lines: Record<BudgetLane, (() => void)[]> = { known: [], stranger: [] };
  const total = () => running.known + running.stranger;
  const canStart = (lane: BudgetLane) => total() < slots && (lane === "known" || running.stranger < concurrency);

  const start = (lane: BudgetLane) => {
    running[lane] += 1;
  };
  // Known work first: a freed slot goes to the head of its line before any stranger's.
  const release = (lane: BudgetLane) => {
    running[lane] -= 1;
    for (const next of ["known", "stranger"] as const) {
      if (lines[next].length && canStart(next)) {
        start(next);
        lines[next].shift()!();
        return;
      }
    }
  };

  return {
    get running() {
      return total();
    },
    get waiting() {
      return lines.known.length + lines.stranger.length;
    },
    async run(work, lane = "stranger") {
      if (canStart(lane) && !lines[lane].length) {
        start(lane);
      } else {
        if (lines[lane].length >= maxWaiting) throw new BudgetExceeded();
        await new Promise<void>((resolve) => lines[lane].push(resolve));
      }
      try {
        return await work();
      } finally {
        release(lane);
      }
    },
  };
}
