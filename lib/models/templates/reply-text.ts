// The reading every parser shares: what real servers return around the answer.
//   - Thinking: "<think>...</think>answer", or "...</think>answer" when the chat template opened
//     the <think> itself (Qwen3-style thinking models). The answer is what follows the last
//     </think>; an opened <think> never closed means the reply was cut off inside the thinking.
//   - Numbers: integers or decimals, optionally negative; anything else in a coordinate is not
//     a number (no "1e3", no "½", no "x").
//   - Bracketed tuples "[a, b]" and JSON objects, found anywhere (code fences, prose around them).
// Pure.

export type Answer = { text: string } | { problem: string };

export function stripThinking(reply: string): Answer {
  const close = reply.lastIndexOf("</think>");
  if (close >= 0) return { text: reply.slice(close + "</think>".length).trim() };
  if (reply.includes("<think>")) return { problem: "the reply ends inside <think> (no </think>): it was cut off before the answer" };
  return { text: reply.trim() };
}

export const NUMBER = /^-?\d+(?:\.\d+)?$/;

export type Tuples = { tuples: number[][]; malformed: string[] };

// A comma group that was meant as coordinates but is not numbers: "[x, y]", "[12a, 30]".
// Groups of prose ("[Note, see below]") are not coordinates and are left alone.
const looksLikeCoordinates = (items: string[]) =>
  (items.length === 2 || items.length === 4) && items.some((s) => /\d/.test(s) || /^[xy][12]?$/i.test(s));

/**
 * Every "[...]" with a comma in it (innermost brackets), split into numeric tuples and
 * malformed coordinate groups; equal tuples are counted once (a model that repeats its one
 * answer has not given two).
 */
export function bracketTuples(text: string): Tuples {
  const tuples: number[][] = [];
  const malformed: string[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/\[([^[\]]*)\]/g)) {
    const body = m[1] ?? "";
    if (!body.includes(",")) continue;
    const items = body.split(",").map((s) => s.trim());
    if (items.every((s) => NUMBER.test(s))) {
      const values = items.map(Number);
      const key = values.join(",");
      if (!seen.has(key)) {
        seen.add(key);
        tuples.push(values);
      }
    } else if (looksLikeCoordinates(items)) {
      malformed.push(m[0]);
    }
  }
  return { tuples, malformed };
}

/** The top-level {...} spans of the text, braces inside JSON strings ignored. */
export function jsonObjectSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"' && depth > 0) {
      inString = true;
    } else if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) spans.push(text.slice(start, i + 1));
    }
  }
  return spans;
}

/** A value shortened for a problem message. */
export const excerpt = (s: string, max = 80): string => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max)}...` : one;
};
