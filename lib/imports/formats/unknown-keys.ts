// A source record's fields that the format's schema has no place for, kept (as `extra`)
// instead of dropped: a later reader may need them (a step's `code`, a tool's own `meta`).
// Keys that name JavaScript's prototype machinery are never kept: they carry nothing a
// dataset means, and only ever show up in hostile input.
const NEVER_KEPT = new Set(["__proto__", "constructor", "prototype"]);

// Formats pass the same list of known fields for every record: its set is built once.
const knownSets = new WeakMap<readonly string[], ReadonlySet<string>>();

function setOf(known: readonly string[]): ReadonlySet<string> {
  let set = knownSets.get(known);
  if (!set) knownSets.set(known, (set = new Set(known)));
  return set;
}

// Loops rather than Object.entries/fromEntries: these run on every imported record, and the
// arrays of entries they built (and the set of known fields built for each record) were about
// 5% of parsing a ScreenSpot-Pro file.
export function unknownKeys(value: unknown, known: readonly string[]): Record<string, unknown> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const knownKeys = setOf(known);
  let extra: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    if (knownKeys.has(key) || NEVER_KEPT.has(key)) continue;
    (extra ??= {})[key] = (value as Record<string, unknown>)[key];
  }
  return extra;
}

/** `extra` fields from several places, later ones winning; null when none holds anything. */
export function mergeExtra(...parts: (Record<string, unknown> | null | undefined)[]): Record<string, unknown> | null {
  let merged: Record<string, unknown> | null = null;
  for (const part of parts) {
    if (!part) continue;
    for (const key of Object.keys(part)) {
      const value = part[key];
      if (!NEVER_KEPT.has(key) && value !== undefined && value !== null) (merged ??= {})[key] = value;
    }
  }
  return merged;
}
