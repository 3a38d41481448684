// A record's identity for "did anything change?": sha256 of its canonical JSON (keys sorted,
// location left out), so re-importing the same input is recognised whatever the key order.
import { hash } from "node:crypto";

// The canonical text is written directly, without building sorted copies of the record first
// (that was a tenth of an import's time, bench/results.md). It must stay byte for byte the
// text the first version hashed, JSON.stringify of the sorted copy, or every stored sample
// would look changed on its next re-import (tests/unit/imports/content-hash.test.ts pins it).
// So it keeps that copy's quirks: an object's keys sorted, except that keys which are array
// indices come first in numeric order, as in any JS object; no toJSON (the copy had none);
// members whose value JSON leaves out (undefined, functions) left out, and null in arrays.
// Not lib/domain/canonical-json.ts, on purpose: that one drops null members and sorts every
// key, so the two texts differ, and each is pinned by hashes already stored.
// Most keys start with a letter: the first character decides before the pattern is tried.
function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && /^(0|[1-9]\d*)$/.test(key) && Number(key) < 4294967295;
}

function sortedKeys(keys: string[]): string[] {
  const kept = keys.filter((k) => k !== "location").sort();
  if (!kept.some(isArrayIndex)) return kept;
  const indices = kept.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...kept.filter((k) => !isArrayIndex(k))];
}

// An import's records have a handful of shapes (a parser builds every record alike), and
// sorting their keys anew for each one was a third of the hash's cost: the order of the last
// few key lists met is kept, found again by comparing the list itself.
type Shape = { keys: string[]; ordered: string[] };
const SHAPES_KEPT = 32;
const shapes: Shape[] = [];

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function orderedKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape.ordered;
  const ordered = sortedKeys(keys);
  if (shapes.length >= SHAPES_KEPT) shapes.pop();
  shapes.unshift({ keys, ordered });
  return ordered;
}

// JSON.stringify of a string, without its call for the common string that needs no escape
// (a quote, a backslash, a control character or a lone surrogate).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quoted = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

const isLeftOut = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

// Appends to one string rather than joining arrays of parts: this runs once per imported
// record and its parts' arrays were most of its cost.
function canonicalText(value: unknown): string {
  if (typeof value === "string") return quoted(value);
  // As JSON.stringify prints them: a number that is not finite is null.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = "[";
    // By index: a hole is null too.
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ",";
      text += isLeftOut(value[i]) ? "null" : canonicalText(value[i]);
    }
    return text + "]";
  }
  const record = value as Record<string, unknown>;
  let text = "{";
  let first = true;
  for (const key of orderedKeys(record)) {
    const member = record[key];
    if (isLeftOut(member)) continue;
    text += `${first ? "" : ","}${quoted(key)}:${canonicalText(member)}`;
    first = false;
  }
  return text + "}";
}

export function contentHash(record: unknown): string {
  return hash("sha256", canonicalText(record), "hex");
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
