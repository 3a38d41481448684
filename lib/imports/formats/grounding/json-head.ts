// A cheap look at the start of a JSON / JSONL file for detect(): only the first 16 KB are
// read and tokenised (stream-json's parser, so strings and escapes are read correctly), and
// only the first top-level value is walked. It reports the keys of the first record (first
// element of a top-level array, or the first object of a JSON / JSONL file), the top-level
// keys, the keys of the first element of each top-level array (`details[0]`), and the
// top-level string values (a results file's model name, when it comes before the records).
// The head usually ends mid-value: that ends the walk without being an error.
import "server-only";
import { open } from "node:fs/promises";
import { jsonParser, type Token } from "stream-json/core/parser.js";
import { pipe } from "stream-json/file/index.js";
import { hasJsonExtension, resolveInputFile } from "@/lib/imports/formats/grounding/input-file";
import type { ParserInput } from "@/lib/imports/records";

const HEAD_BYTES = 16 * 1024;

export type JsonHead = {
  shape: "array" | "object";
  /** Keys of the first record: element 0 of a top-level array, else the top-level object. */
  recordKeys: Set<string>;
  topKeys: Set<string>;
  /** Keys of element 0 of the array under each top-level key ("details" -> its first record). */
  firstElementKeys: Map<string, Set<string>>;
  topStrings: Map<string, string>;
};

type Frame = { kind: "object" | "array"; path: string; key: string | null; index: number };

async function readHeadText(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, "r");
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    // A multi-byte character cut at the end decodes to U+FFFD, which only ends the walk early.
    return buffer.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, "");
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

function keysAt(map: Map<string, Set<string>>, path: string): Set<string> {
  let keys = map.get(path);
  if (!keys) map.set(path, (keys = new Set()));
  return keys;
}

// Walks tokens of the first top-level value, recording the keys of every object by its
// path ("" root, "0" first element, "details.0" first detail), two levels deep at most.
function walk(tokens: Token[]): JsonHead | null {
  const first = tokens[0];
  if (!first || (first.name !== "startArray" && first.name !== "startObject")) return null;
  const keys = new Map<string, Set<string>>();
  const topStrings = new Map<string, string>();
  const stack: Frame[] = [];
  // The path of the value starting now. Every value calls it exactly once, because it also
  // advances the parent array's index.
  const childPath = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    const segment = top.kind === "object" ? (top.key ?? "") : String(top.index++);
    return top.path === "" ? segment : `${top.path}.${segment}`;
  };
  for (const token of tokens) {
    switch (token.name) {
      case "startObject":
      case "startArray":
        stack.push({ kind: token.name === "startObject" ? "object" : "array", path: childPath(), key: null, index: 0 });
        break;
      case "endObject":
      case "endArray":
        stack.pop();
        if (stack.length === 0) return summarize(first.name, keys, topStrings);
        break;
      case "keyValue": {
        const top = stack[stack.length - 1];
        if (top && top.path.split(".").length <= 2) keysAt(keys, top.path).add(token.value);
        if (top) top.key = token.value;
        break;
      }
      case "stringValue":
        if (stack.length === 1 && stack[0]?.kind === "object" && stack[0].key !== null) {
          topStrings.set(stack[0].key, token.value);
        }
        childPath();
        break;
      case "numberValue":
      case "nullValue":
      case "trueValue":
      case "falseValue":
        childPath();
        break;
      default:
        break;
    }
  }
  return summarize(first.name, keys, topStrings);
}

function summarize(
  first: "startArray" | "startObject",
  keys: Map<string, Set<string>>,
  topStrings: Map<string, string>,
): JsonHead {
  const topKeys = first === "startObject" ? (keys.get("") ?? new Set<string>()) : new Set<string>();
  const firstElementKeys = new Map<string, Set<string>>();
  for (const key of topKeys) {
    const element = keys.get(`${key}.0`);
    if (element) firstElementKeys.set(key, element);
  }
  return {
    shape: first === "startArray" ? "array" : "object",
    recordKeys: (first === "startArray" ? keys.get("0") : keys.get("")) ?? new Set(),
    topKeys,
    firstElementKeys,
    topStrings,
  };
}

/** The head of a .json / .jsonl input, or null when it is not one (wrong extension, unreadable, not JSON). */
export async function readJsonHead(input: ParserInput): Promise<JsonHead | null> {
  const file = resolveInputFile(input);
  if (!file || !hasJsonExtension(file.label)) return null;
  const text = await readHeadText(file.path);
  if (text === null) return null;
  const tokens: Token[] = [];
  try {
    // Packed tokens only (keyValue, stringValue, ...); jsonStreaming so a JSONL head parses.
    for await (const token of pipe(jsonParser({ streamValues: false, jsonStreaming: true }))<Token>(text)) {
      tokens.push(token);
    }
  } catch {
    // A head cut mid-value, or garbage after some good tokens: what came before still counts.
  }
  return walk(tokens);
}
