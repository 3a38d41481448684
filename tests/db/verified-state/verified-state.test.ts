// The model-based test of the verified state, on SQLite and PostgreSQL: seeded random
// sequences of hundreds of operations (imports and re-imports, drafts and submits by every
// role, queue claims with overlap 2 and honeypots, skips, adjudications, overrides, bulk
// decisions, proposals, reopenings and settings changes), each followed by the invariants
// (invariants.ts: states and final answers as the model expects, derived values equal to a
// from-scratch reference, list, run, group and dashboard figures equal to the reference's),
// and full exports every few dozen operations (exports.ts). A failure names the seed, the
// operation and the log of the operations before it.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "../databases";
import { checkFullExports } from "./exports";
import { checkInvariants } from "./invariants";
import { OPERATIONS } from "./operations";
import { buildWorld, rng, type Rng } from "./world";

const SEEDS = [11, 2027];
const OPERATIONS_PER_SEED = 160;
const EXPORT_EVERY = 40;

function pickOperation(r: Rng) {
  const total = OPERATIONS.reduce((n, o) => n + o.weight, 0);
  let at = r.next() * total;
  for (const o of OPERATIONS) {
    at -= o.weight;
    if (at < 0) return o;
  }
  return OPERATIONS.at(-1)!;
}

describe.each(PROVIDERS)("the verified state under random operations on %s", (provider) => {
  it.each(SEEDS)("seed %i", async (seed) => {
    const { db } = await freshDatabase(provider);
    const r = rng(seed);
    const world = await buildWorld(db, r);
    await checkInvariants(world);
    let done = 0;
    for (let step = 1; step <= OPERATIONS_PER_SEED; step++) {
      const operation = pickOperation(r);
      try {
        const what = await operation.run(world, r);
        if (what === null) continue;
        world.log.push(`${step}. ${what}`);
        done += 1;
        await checkInvariants(world);
        if (step % EXPORT_EVERY === 0) await checkFullExports(world);
      } catch (error) {
        throw new Error(`seed ${seed}, operation ${step} (${operation.name}) failed: ${error instanceof Error ? error.message : String(error)}\nafter:\n${world.log.slice(-25).join("\n")}`, { cause: error });
      }
    }
    await checkFullExports(world);
    if (process.env.MODEL_LOG) console.log(world.log.join('\n'));
    // Most operations find something to do; a sequence that did almost nothing tests nothing.
    expect(done).toBeGreaterThan(OPERATIONS_PER_SEED * 0.6);
    const kinds = new Set(world.log.map((l) => l.replace(/^\d+\. /, "").split(" ")[0]));
    expect(kinds.size).toBeGreaterThan(5);
  }, 600_000);
});
