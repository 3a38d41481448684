// JSON text with object keys sorted and absent values (undefined, null) left out, so two
// answers that say the same thing compare equal however their objects were built: a corrected
// action written with its fields in another order, or read back from PostgreSQL's jsonb (which
// keeps keys in an order of its own).
// Written as loops over strings, not entries/filter/sort/map/join: exports hash every row
// through it (lib/exports/rows/training-row.ts), where the array-building form cost 15 us a
// row; the text is the same (tests/unit/domain/canonical-json.test.ts pins it).
export function canonicalJson(value: unknown): string {
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

// Keys built in order already (most of ours) are not sorted again. Code-unit order, as `<`.
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

// `"key":` for the few field names rows and answers use; bounded, so keys from data cannot grow it.
const QUOTED_KEYS = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (QUOTED_KEYS.size < 4096) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}
