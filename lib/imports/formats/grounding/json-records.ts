// Streams the records of a grounding file one at a time, whatever its size: a top-level JSON
// array (ScreenSpot, ScreenSpot-Pro, OSWorld-G annotation files), an array under a key of a
// top-level object (`details` of a ScreenSpot-Pro / UI-Venus results file), or JSON Lines.
// The shape is chosen by the first non-space character: `[` is an array; `{` is the object
// holding `arrayKey` when the caller names one, else JSON Lines.
//
// Line numbers follow records.ts: index + 1 for array elements, the real line for JSONL.
// Invariants: nothing here throws; every failure becomes a Rejection. A JSON array that breaks
// off (truncated upload, corrupt tail) yields every element before the break, then one
// Rejection at the element where it broke (fileChunks says how that stays exact). A JSONL
// line that is not JSON is rejected alone and the next line is read, except the first record
// line: when that fails the file is not JSON Lines at all (e.g. a pretty-printed object),
// which is one Rejection for the file. Elements are assembled one at a time, so memory is
// bounded by the largest single record, not the file.
import "server-only";
import { jsonArrayElements } from "@/lib/imports/formats/json-array-elements";
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { readFirstChar } from "@/lib/imports/formats/grounding/first-char";
import { resolveInputFile, type InputFile } from "@/lib/imports/formats/grounding/input-file";
import type { ParserInput, Rejection, SourceLocation } from "@/lib/imports/records";

export type JsonRecord = { type: "record"; value: unknown; location: SourceLocation };

export type JsonRecordsOptions = {
  /** Read the array under this key of a top-level object (e.g. "details"). */
  arrayKey?: string;
};

function reject(file: string, line: number | null, reason: string): Rejection {
  return { type: "rejected", location: { file, line }, reason };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function* readJsonArray(file: InputFile, arrayKey: string | null): AsyncGenerator<JsonRecord | Rejection> {
  for await (const element of jsonArrayElements(file.path, arrayKey)) {
    if ("fatal" in element) {
      yield reject(file.label, null, element.fatal);
      return;
    }
    if ("error" in element) {
      yield reject(file.label, element.index + 1, `invalid or truncated JSON at element ${element.index + 1} (${element.index} records read before it): ${element.error}`);
      continue;
    }
    yield { type: "record", value: element.value, location: { file: file.label, line: element.index + 1 } };
  }
}

async function* readJsonLines(file: InputFile): AsyncGenerator<JsonRecord | Rejection> {
  let hasRecord = false;
  try {
    for await (const entry of jsonLines(file.path)) {
      if ("error" in entry) {
        if (!hasRecord) {
          yield reject(
            file.label,
            entry.line,
            `not JSON Lines: line ${entry.line} is not a JSON value on its own (${entry.error}); a JSON file must hold an array of records`,
          );
          return;
        }
        yield reject(file.label, entry.line, `invalid JSON on this line: ${entry.error}`);
        continue;
      }
      hasRecord = true;
      yield { type: "record", value: entry.value, location: { file: file.label, line: entry.line } };
    }
  } catch (error) {
    yield reject(file.label, null, `cannot read the file: ${messageOf(error)}`);
  }
}

export async function* readJsonRecords(
  input: ParserInput,
  options: JsonRecordsOptions = {},
): AsyncGenerator<JsonRecord | Rejection> {
  const file = resolveInputFile(input);
  if (!file) {
    yield reject(input.root, null, "this format reads one JSON or JSONL file, and no file was given");
    return;
  }
  const first = await readFirstChar(file.path);
  if (!first.ok) {
    yield reject(file.label, null, first.reason);
    return;
  }
  if (first.char === "[") {
    yield* readJsonArray(file, null);
  } else if (first.char === "{" && options.arrayKey !== undefined) {
    yield* readJsonArray(file, options.arrayKey);
  } else if (first.char === "{") {
    yield* readJsonLines(file);
  } else {
    yield reject(file.label, null, `not JSON: the file starts with ${JSON.stringify(first.char)}, expected "[" or "{"`);
  }
}
