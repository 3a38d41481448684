// A bound on concurrent expensive work (scrypt password checks): at most `concurrency` run at
// once, at most `maxWaiting` wait in line, and anything beyond is refused at once, so a flood
// of sign-in attempts costs a fixed share of the CPU instead of all of it.
//
// Two lanes, so that a flood of strangers never spends the budget first: "known" work (a
// sign-in from a browser or an address that signed in to the account before,
// lib/auth/sign-in-lane.ts) has `reserved` slots of its own on top of the shared ones, its own
// line of `maxWaiting`, and takes any slot that frees before waiting strangers do. Strangers
// never use more than the shared `concurrency`, so what an attack can cost is unchanged. One
// known place per key (the account) at a time: a second known attempt for the same account
// waits as a stranger's, so whoever holds one account's cookie or address cannot fill the
// known lane and turn other accounts' users away.
export class BudgetExceeded extends Error {
  constructor() {
    super("work budget exceeded");
    this.name = "BudgetExceeded";
  }
}

export type BudgetLane = "known" | "stranger";

export type WorkBudget = {
  run<T>(work: () => Promise<T>, lane?: BudgetLane, key?: string): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

export function createWorkBudget({ concurrency, maxWaiting, reserved = 0 }: { concurrency: number; maxWaiting: number; reserved?: number }): WorkBudget {
  const slots = concurrency + reserved;
  const running = { known: 0, stranger: 0 };
  const lines: Record<BudgetLane, (() => void)[]> = { known: [], stranger: [] };
  const knownKeys = new Set<string>();
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
    async run(work, asked = "stranger", key) {
      const lane: BudgetLane = asked === "known" && key !== undefined && knownKeys.has(key) ? "stranger" : asked;
      const startsNow = canStart(lane) && !lines[lane].length;
      if (!startsNow && lines[lane].length >= maxWaiting) throw new BudgetExceeded();
      const holdsKey = lane === "known" && key !== undefined;
      if (holdsKey) knownKeys.add(key);
      try {
        if (startsNow) start(lane);
        else await new Promise<void>((resolve) => lines[lane].push(resolve));
        return await work();
      } finally {
        if (holdsKey) knownKeys.delete(key);
        release(lane);
      }
    },
  };
}
