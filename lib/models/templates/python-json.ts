// Python's json.dumps(value, ensure_ascii=False) with its default separators (", " and ": "):
// Qwen-Agent writes a tool's signature into the system prompt this way, and the model was
// trained on exactly that spacing. Strings escape alike in both languages (\n, \", \\).
// Pure.

export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonDumps(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}
