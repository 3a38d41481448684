// A record's identity for "did anything change?": sha256 of its canonical JSON (keys sorted,
// location left out), so re-importing the same input is recognised whatever the key order.
import { createHash } from "node:crypto";

function canonical(value: unknown, dropLocation: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v, dropLocation));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .filter((k) => !dropLocation || k !== "location")
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k], dropLocation)]),
    );
  }
  return value;
}

export function contentHash(record: unknown): string {
  return createHash("sha256").update(JSON.stringify(canonical(record, true))).digest("hex");
}

/** Equal JSON values whatever their key order (PostgreSQL's jsonb reorders keys) and the
 * last digit of a float (a stored JSON number may come back printed with one digit less). */
export function sameJson(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (typeof x === "number" && typeof y === "number") return x === y || Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(x), Math.abs(y));
  if (Array.isArray(x) || Array.isArray(y)) {
    return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => sameJson(v, y[i]));
  }
  if (x && y && typeof x === "object" && typeof y === "object") {
    const xs = Object.keys(x).filter((k) => (x as Record<string, unknown>)[k] !== undefined).sort();
    const ys = Object.keys(y).filter((k) => (y as Record<string, unknown>)[k] !== undefined).sort();
    return xs.length === ys.length && xs.every((k, i) => k === ys[i] && sameJson((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]));
  }
  return x === y;
}
