// Reads the value under one key of a top-level JSON object (a results file's `metrics`,
// which follows its `details` array) without parsing the rest: a scanner tracks strings and
// depth, skips other keys' values, and JSON.parse reads only the wanted value's text. Null
// when the file is not such an object, has no such key, or the value is not valid JSON.
import { createReadStream } from "node:fs";

const MAX_VALUE_CHARS = 64 * 1024 * 1024;

export async function readTopLevelValue(file: string, wanted: string): Promise<unknown> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringText: string[] = [];
  let expectingKey = false;
  let lastKey: string | null = null;
  let capturing = false;
  let captured: string[] = [];
  let capturedChars = 0;
  let started = false;
  const stream = createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      let captureStart = 0;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === "\\") escaped = true;
          else if (c === '"') inString = false;
          if (depth === 1 && expectingKey && !capturing) {
            if (inString) stringText.push(c);
            else {
              lastKey = JSON.parse(`"${stringText.join("")}"`) as string;
              stringText = [];
            }
          }
          continue;
        }
        if (!started) {
          if (c === "\uFEFF" || /\s/.test(c)) continue;
          if (c !== "{") return null;
          started = true;
          depth = 1;
          expectingKey = true;
          continue;
        }
        if (c === '"') {
          inString = true;
          if (depth === 1 && expectingKey && !capturing) stringText = [];
          continue;
        }
        if (c === ":" && depth === 1 && expectingKey) {
          expectingKey = false;
          if (lastKey === wanted) {
            capturing = true;
            captured = [];
            capturedChars = 0;
            captureStart = i + 1;
          }
          continue;
        }
        if (c === "{" || c === "[") depth += 1;
        else if (c === "}" || c === "]" || c === ",") {
          if (depth === 1 && (c === "," || c === "}")) {
            if (capturing) {
              captured.push(chunk.slice(captureStart, i));
              try {
                return JSON.parse(captured.join(""));
              } catch {
                return null;
              }
            }
            if (c === "}") return null;
            expectingKey = true;
            continue;
          }
          if (c !== ",") depth -= 1;
        }
      }
      if (capturing) {
        const rest = chunk.slice(captureStart);
        capturedChars += rest.length;
        if (capturedChars > MAX_VALUE_CHARS) return null;
        captured.push(rest);
      }
    }
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
  return null;
}
