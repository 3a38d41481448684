// Numbers and JSON lines as Python writes them, so that files Verity writes back in a
// Python benchmark's own shape (AndroidLab's results.jsonl / total.jsonl, OSWorld's
// result.txt and show_result.py lines) read byte for byte like the benchmark's own.
// Python keeps ints and floats apart (3 / 3 is 1.0, sum([1, 1]) is 2, sum([1, 0.0]) is 1.0)
// and prints a float with repr: the shortest digits that read back, positional for decimal
// exponents -4..15 with at least ".0", else d.ddde+XX. JavaScript has one number type and
// prints 1.0 as "1" and 1e-5 as "0.00001", so every number written here carries its
// Python type. `json.dumps` (the jsonlines writer's default, ensure_ascii=False) separates
// with ", " and ": " and leaves non-ASCII text as it is.

export type PyNumber = { py: "int" | "float"; value: number };
export type PyValue = null | boolean | string | PyNumber | PyValue[] | PyEntries;
/** A dict in insertion order (JavaScript objects put integer-like keys such as "1" first). */
export type PyEntries = { entries: [string, PyValue][] };

export const pyInt = (value: number): PyNumber => ({ py: "int", value });
export const pyFloat = (value: number): PyNumber => ({ py: "float", value });
export const isPyNumber = (v: unknown): v is PyNumber => typeof v === "object" && v !== null && "py" in v && "value" in v;

/** a + b with Python's int/float promotion. */
export function pyAdd(a: PyNumber, b: PyNumber): PyNumber {
  return { py: a.py === "int" && b.py === "int" ? "int" : "float", value: a.value + b.value };
}

/** sum(values): starts at int 0 and adds left to right, as Python's sum does. */
export function pySum(values: readonly PyNumber[]): PyNumber {
  return values.reduce(pyAdd, pyInt(0));
}

/** a / b (true division: always a float). Throws on a zero divisor, as Python does. */
export function pyDiv(a: PyNumber, b: PyNumber): PyNumber {
  if (b.value === 0) throw new RangeError("division by zero");
  return pyFloat(a.value / b.value);
}

/** repr(float) */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa, exp] = x.toExponential().split("e") as [string, string];
  const exponent = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "");
  const sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    const rest = digits.slice(1);
    const e = `${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
    return `${sign}${digits[0]}${rest ? `.${rest}` : ""}e${e}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || "0"}`;
}

export function pyNumberText(n: PyNumber): string {
  return n.py === "int" ? String(Math.trunc(n.value)) : pyFloatRepr(n.value);
}

/** json.dumps(value, ensure_ascii=False) with the default separators. */
export function pyJsonDumps(value: PyValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  // Python escapes the same characters as JSON.stringify: quote, backslash, control characters.
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyJsonDumps).join(", ")}]`;
  if (isPyNumber(value)) return pyNumberText(value);
  return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}: ${pyJsonDumps(v)}`).join(", ")}}`;
}

/** json.dump(value, f, indent=N): the default ensure_ascii=True (non-ASCII as \\uXXXX), ", "
 * replaced by "," at line ends, ": " between key and value, {} and [] for empty containers. */
export function pyJsonDumpsIndented(value: PyValue, indent: number, level = 0): string {
  const pad = (n: number) => " ".repeat(indent * n);
  const str = (text: string) => JSON.stringify(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (value === null || typeof value === "boolean" || isPyNumber(value)) return pyJsonDumps(value);
  if (typeof value === "string") return str(value);
  const items = Array.isArray(value)
    ? value.map((v) => pyJsonDumpsIndented(v, indent, level + 1))
    : value.entries.map(([k, v]) => `${str(k)}: ${pyJsonDumpsIndented(v, indent, level + 1)}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (items.length === 0) return `${open}${close}`;
  return `${open}\n${items.map((item) => `${pad(level + 1)}${item}`).join(",\n")}\n${pad(level)}${close}`;
}

/** A JSON value read by JavaScript, typed for Python: integers become ints, others floats. */
export function pyFromJson(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? pyInt(value) : pyFloat(value);
  if (Array.isArray(value)) return value.map(pyFromJson);
  if (isPyNumber(value)) return value;
  return { entries: Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, pyFromJson(v)]) };
}

/** Python's truthiness of a JSON value (what `if values:` tests). */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPyNumber(value)) return value.value !== 0;
  if (typeof value === "object") return Object.keys(value as object).length > 0;
  return true;
}
