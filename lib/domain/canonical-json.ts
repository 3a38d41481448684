// JSON text with object keys sorted and absent values (undefined, null) left out, so two
// answers that say the same thing compare equal however their objects were built: a corrected
// action written with its fields in another order, or read back from PostgreSQL's jsonb (which
// keeps keys in an order of its own).
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
