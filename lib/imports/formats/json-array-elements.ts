// Streams the elements of a JSON array (the top-level value, or the array under one key of a
// top-level object) without holding the file: a small scanner finds where each element
// starts and ends (depth and strings tracked), and JSON.parse reads that element alone. An
// element that is not valid JSON is reported and the next one read; a file that breaks off
// yields everything before the break and one report for the element where it broke.
// JSON.parse keeps a "__proto__" key as an own property: it reaches no prototype.
import { createReadStream } from "node:fs";

export type ArrayElement = { index: number; value: unknown } | { index: number; error: string } | { fatal: string };

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09, 0xfeff]);
const MAX_ELEMENT_CHARS = 64 * 1024 * 1024;

type Phase = "start" | "key" | "keyString" | "colon" | "value" | "skip" | "elements" | "element" | "trailer";

export async function* jsonArrayElements(file: string, arrayKey: string | null): AsyncGenerator<ArrayElement> {
  let phase: Phase = "start";
  let index = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let element: string[] = [];
  let elementChars = 0;
  let key = "";
  let pendingKey: string | null = null;

  const finishElement = (text: string): ArrayElement => {
    const current = index++;
    try {
      return { index: current, value: JSON.parse(text) };
    } catch (error) {
      return { index: current, error: `element ${current + 1} is not valid JSON: ${(error as Error).message}` };
    }
  };

  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 }) as AsyncIterable<string>) {
    let start = 0; // where the current element's text starts in this chunk
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (phase === "keyString") {
        if (escaped) {
          escaped = false;
          key += chunk[i];
        } else if (c === 0x5c) escaped = true;
        else if (c === 0x22) {
          pendingKey = key;
          phase = "colon";
        } else key += chunk[i];
        continue;
      }
      if (phase === "element" || phase === "skip") {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth += 1;
        else if (c === 0x7d || c === 0x5d || c === 0x2c) {
          // At depth 0 a comma or closing bracket ends a primitive; at depth 1 a closing bracket ends a container.
          if (depth === 0) {
            if (phase === "element") {
              element.push(chunk.slice(start, i));
              yield finishElement(element.join(""));
              element = [];
              elementChars = 0;
              phase = c === 0x5d ? "trailer" : "elements";
            } else if (c === 0x7d) {
              yield { fatal: `no "${arrayKey}" array in the file` };
              return;
            } else {
              phase = "key";
            }
            continue;
          }
          if (c !== 0x2c) depth -= 1;
        }
        continue;
      }
      if (WHITESPACE.has(c)) continue;
      if (phase === "trailer") {
        // After the array: a top-level array must end the file; the object around a keyed
        // array may hold anything else, which is not read.
        if (arrayKey !== null) return;
        yield { fatal: `unexpected content after the array: ${JSON.stringify(chunk.slice(i, i + 20))}` };
        return;
      }
      if (phase === "start") {
        if (arrayKey === null && c === 0x5b) phase = "elements";
        else if (arrayKey !== null && c === 0x7b) phase = "key";
        else {
          yield { fatal: `expected ${arrayKey === null ? "an array" : "an object"} at the start of the file, found ${JSON.stringify(chunk[i])}` };
          return;
        }
      } else if (phase === "key") {
        if (c === 0x7d) {
          yield { fatal: `no "${arrayKey}" array in the file` };
          return;
        }
        if (c === 0x2c) continue;
        if (c !== 0x22) {
          yield { fatal: `invalid JSON: expected a key, found ${JSON.stringify(chunk[i])}` };
          return;
        }
        key = "";
        phase = "keyString";
      } else if (phase === "colon") {
        if (c !== 0x3a) {
          yield { fatal: `invalid JSON: expected ":" after "${pendingKey}"` };
          return;
        }
        phase = "value";
      } else if (phase === "value") {
        if (pendingKey === arrayKey) {
          if (c !== 0x5b) {
            yield { fatal: `"${arrayKey}" is not an array` };
            return;
          }
          phase = "elements";
        } else {
          // Another key's value: skip it whole.
          phase = "skip";
          depth = 0;
          i -= 1;
        }
      } else if (phase === "elements") {
        if (c === 0x2c) continue;
        if (c === 0x5d) {
          phase = "trailer";
          continue;
        }
        phase = "element";
        depth = 0;
        start = i;
        i -= 1;
      }
    }
    if (phase === "element") {
      const rest = chunk.slice(start);
      elementChars += rest.length;
      if (elementChars > MAX_ELEMENT_CHARS) {
        yield { index, error: `element ${index + 1} is larger than ${MAX_ELEMENT_CHARS} characters` };
        yield { fatal: "stopped reading after an oversized element" };
        return;
      }
      element.push(rest);
    }
  }
  const ended = phase as Phase; // TypeScript cannot follow the loop's assignments here
  if (ended === "start") yield { fatal: "the file is empty" };
  else if (ended !== "trailer") yield { index, error: `the file ends inside the array: element ${index + 1} is truncated (${index} records read before it)` };
}
