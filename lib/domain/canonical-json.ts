// JSON text with object keys sorted and absent values (undefined, null) left out, so two
// answers that say the same thing compare equal however their objects were built: a corrected
// action written with its fields in another order, or read back from PostgreSQL's jsonb (which
// keeps keys in an order of its own).
// Written as loops appending to one string, not entries/filter/sort/map/join: exports hash
// every row through it (lib/exports/rows/training-row.ts), where the array-building form cost
// 15 us a row; the text is the same (tests/unit/domain/canonical-json.test.ts pins it and
// compares generated values with the first version's formula).
export function canonicalJson(value: unknown): string {
  if (typeof value === "string") return quoted(value);
  // As JSON.stringify prints them: a number that is not finite is null, -0 is 0.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (value === null || value === undefined) return "null";
  if (typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${out}]`;
  }
  let out = "";
  const object = value as Record<string, unknown>;
  for (const key of sortedKeys(object)) {
    const v = object[key];
    if (v === undefined || v === null) continue;
    out += (out === "" ? "{" : ",") + quotedKey(key) + canonicalJson(v);
  }
  return out === "" ? "{}" : `${out}}`;
}

// JSON.stringify of a string, without its call for the common string that needs no escape
// (a quote, a backslash, a control character or a surrogate, paired or not).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quoted = (text: string) => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`);

// Keys built in order already are not sorted again; the sorted order of the last few key
// lists met is kept (an export's rows have a handful of shapes, and sorting a row's three
// objects anew was a sixth of its hash), found again by comparing the list itself.
// Code-unit order, as `<`.
type Shape = { keys: string[]; sorted: string[] };
const SHAPES_KEPT = 32;
const shapes: Shape[] = [];

function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  let inOrder = true;
  for (let i = 1; i < keys.length && inOrder; i++) inOrder = keys[i - 1]! <= keys[i]!;
  if (inOrder) return keys;
  for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape.sorted;
  const sorted = [...keys].sort();
  if (shapes.length >= SHAPES_KEPT) shapes.pop();
  shapes.unshift({ keys, sorted });
  return sorted;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// `"key":` for the few field names rows and answers use; bounded, so keys from data cannot grow it.
const QUOTED_KEYS = new Map<string, string>();
function quotedKey(key: string): string {
  let quotedText = QUOTED_KEYS.get(key);
  if (quotedText === undefined) {
    quotedText = `${JSON.stringify(key)}:`;
    if (QUOTED_KEYS.size < 4096) QUOTED_KEYS.set(key, quotedText);
  }
  return quotedText;
}
