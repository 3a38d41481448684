// A verdict's value in words for messages that are stored or logged in English (audit
// details, API errors): "success", "failure", "7.5/10", "none".
export function describeVerdictValue(value: number | boolean | null): string {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "success" : "failure";
  return `${value}/10`;
}
