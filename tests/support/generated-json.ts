// Random JSON values for tests that compare a canonical text with a reference formula: scalars
// of every JSON kind (and undefined, which JSON leaves out), arrays and objects up to depth 4,
// with keys drawn from `keys`. Objects go through JSON.parse, so "__proto__" is an own key as
// in parsed input. Seeded (tests/support/seeded-random.ts): the same cases on every machine.
import { seededRandom } from "./seeded-random";

const SCALARS = [null, true, false, 0, -0.5, 1e-9, 123456789012, "s", "\u0000\ud83d\ude00", undefined];

export function generatedJson(seed: number, keys: readonly string[]): (depth?: number) => unknown {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const value = (depth = 0): unknown => {
    const r = next();
    if (depth > 3 || r < 0.3) return pick(SCALARS);
    if (r < 0.6) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    return JSON.parse(JSON.stringify(Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, () => [pick(keys), value(depth + 1) ?? null]))));
  };
  return value;
}
