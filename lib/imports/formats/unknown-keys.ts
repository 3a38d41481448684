// A source record's fields that the format's schema has no place for, kept (as `extra`)
// instead of dropped: a later reader may need them (a step's `code`, a tool's own `meta`).
// Keys that name JavaScript's prototype machinery are never kept: they carry nothing a
// dataset means, and only ever show up in hostile input.
const NEVER_KEPT = new Set(["__proto__", "constructor", "prototype"]);

export function unknownKeys(value: unknown, known: Iterable<string>): Record<string, unknown> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const knownKeys = new Set(known);
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => !knownKeys.has(key) && !NEVER_KEPT.has(key));
  return entries.length ? Object.fromEntries(entries) : null;
}

/** `extra` fields from several places, later ones winning; null when none holds anything. */
export function mergeExtra(...parts: (Record<string, unknown> | null | undefined)[]): Record<string, unknown> | null {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) if (!NEVER_KEPT.has(key) && value !== undefined && value !== null) merged[key] = value;
  }
  return Object.keys(merged).length ? merged : null;
}
