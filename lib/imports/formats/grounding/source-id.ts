// Records without an id of their own (ScreenSpot has none; ScreenSpot-Pro results and some
// OSWorld-G exports neither) are keyed by a content hash, so re-importing the same file finds
// the same records (SPEC §5). The JSON is made stable (keys sorted at every level) so the
// hash does not depend on the key order a tool happened to write.
import "server-only";
import { createHash } from "node:crypto";

// Built as text, never as an intermediate object: assigning a "__proto__" key to a fresh
// object would set its prototype instead of copying the field.
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : stableJson(item))).join(",")}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

export function contentSourceId(value: unknown): string {
  return createHash("sha256").update(stableJson(value)).digest("hex");
}
