// A record's identity for "did anything change?": sha256 of its canonical JSON (keys sorted,
// location left out), so re-importing the same input is recognised whatever the key order.
import { createHash } from "node:crypto";

// The canonical text is written directly, without building sorted copies of the record first
// (that was a tenth of an import's time, bench/results.md). It must stay byte for byte the
// text the first version hashed, JSON.stringify of the sorted copy, or every stored sample
// would look changed on its next re-import (tests/unit/imports/content-hash.test.ts pins it).
// So it keeps that copy's quirks: an object's keys sorted, except that keys which are array
// indices come first in numeric order, as in any JS object; no toJSON (the copy had none);
// members whose value JSON leaves out (undefined, functions) left out, and null in arrays.
// Not lib/domain/canonical-json.ts, on purpose: that one drops null members and sorts every
// key, so the two texts differ, and each is pinned by hashes already stored.
const isArrayIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;

function orderedKeys(value: Record<string, unknown>, dropLocation: boolean): string[] {
  const keys = Object.keys(value).filter((k) => !dropLocation || k !== "location").sort();
  if (!keys.some(isArrayIndex)) return keys;
  const indices = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...keys.filter((k) => !isArrayIndex(k))];
}

const isLeftOut = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

function canonicalText(value: unknown, dropLocation: boolean): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    // By index: a hole is null too.
    for (let i = 0; i < value.length; i++) items.push(isLeftOut(value[i]) ? "null" : canonicalText(value[i], dropLocation));
    return `[${items.join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of orderedKeys(record, dropLocation)) {
    const member = record[key];
    if (!isLeftOut(member)) members.push(`${JSON.stringify(key)}:${canonicalText(member, dropLocation)}`);
  }
  return `{${members.join(",")}}`;
}

export function contentHash(record: unknown): string {
  return createHash("sha256").update(canonicalText(record, true)).digest("hex");
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
