// A record's identity for "did anything change?": sha256 of its canonical JSON (keys sorted,
// location left out), so re-importing the same input is recognised whatever the key order.
import { createHash } from "node:crypto";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .filter((k) => k !== "location")
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function contentHash(record: unknown): string {
  return createHash("sha256").update(JSON.stringify(canonical(record))).digest("hex");
}
