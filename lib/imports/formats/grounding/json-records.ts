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
import { jsonLines } from "@/lib/imports/formats/jsonl-lines";
import { createReadStream } from "node:fs";
import { jsonParser, type Token } from "stream-json/core/parser.js";
import { pipe } from "stream-json/file/index.js";
import { pick } from "stream-json/filters/pick.js";
import { streamArray, type StreamArrayItem } from "stream-json/streamers/stream-array.js";
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

const CHUNK_CHARS = 64 * 1024;

type CharRange = { start: number; end: number };
// Where the reader is: the character range of the chunk being parsed, and whether the whole
// file has been handed to the parser (an error after that is the end-of-input check).
type ReadPosition = CharRange & { isDone: boolean };

// The parser drops every token of a chunk in which it meets an error, so the elements that
// ended in that chunk before the bad byte would be lost and the reported index would be too
// low. A second pass re-reads up to that chunk and feeds it one character at a time.
async function* fileChunks(path: string, position: ReadPosition, fine: CharRange | null): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: CHUNK_CHARS });
  let offset = 0;
  try {
    for await (const raw of stream as AsyncIterable<string>) {
      // The tokenizer treats a byte-order mark as an error; it is not content.
      const chunk = offset === 0 ? raw.replace(/^\uFEFF/, "") : raw;
      position.start = offset;
      position.end = offset + chunk.length;
      if (fine !== null && position.end > fine.start && position.start < fine.end) {
        for (const char of chunk) yield char;
      } else {
        yield chunk;
      }
      offset = position.end;
    }
    position.isDone = true;
  } finally {
    stream.destroy();
  }
}

// What one pass over an array learned, read by readJsonArray once the pass has ended.
type ArrayPass = {
  position: ReadPosition;
  failure: { error: unknown } | null;
  /** Elements assembled so far (the next element's index). */
  read: number;
  firstPicked: Token["name"] | null;
};

async function* arrayPass(
  file: InputFile,
  arrayKey: string | null,
  skip: number,
  fine: CharRange | null,
  pass: ArrayPass,
): AsyncGenerator<JsonRecord> {
  // Which token reached the streamer first: tells "no such key" and "not an array" apart
  // from a parse error, whose message alone would not say what was wrong.
  const observe = (token: Token): Token => {
    pass.firstPicked ??= token.name;
    return token;
  };
  const source = (path: string) => fileChunks(path, pass.position, fine);
  const parser = jsonParser({ streamValues: false });
  const stages =
    arrayKey === null
      ? [source, parser, streamArray()]
      : [source, parser, pick({ filter: arrayKey }), observe, streamArray()];
  try {
    for await (const item of pipe(...stages)<StreamArrayItem>(file.path)) {
      pass.read = item.key + 1;
      if (item.key < skip) continue;
      yield { type: "record", value: item.value, location: { file: file.label, line: item.key + 1 } };
    }
  } catch (error) {
    pass.failure = { error };
  }
}

const newPass = (): ArrayPass => ({ position: { start: 0, end: 0, isDone: false }, failure: null, read: 0, firstPicked: null });

async function* readJsonArray(file: InputFile, arrayKey: string | null): AsyncGenerator<JsonRecord | Rejection> {
  let pass = newPass();
  yield* arrayPass(file, arrayKey, 0, null, pass);
  if (pass.failure !== null && !pass.position.isDone) {
    const { start, end } = pass.position;
    const already = pass.read;
    pass = newPass();
    yield* arrayPass(file, arrayKey, already, { start, end }, pass);
  }
  if (pass.failure !== null) {
    if (arrayKey !== null && pass.firstPicked !== null && pass.firstPicked !== "startArray") {
      yield reject(file.label, null, `"${arrayKey}" is not an array`);
      return;
    }
    const { read } = pass;
    yield reject(
      file.label,
      read + 1,
      `invalid or truncated JSON at element ${read + 1} (${read} records read before it): ${messageOf(pass.failure.error)}`,
    );
    return;
  }
  if (arrayKey !== null && pass.firstPicked === null) {
    yield reject(file.label, null, `no "${arrayKey}" array in the file`);
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
