// Streams a JSON Lines file line by line with 1-based line numbers, parsing each line on its
// own: a bad line is reported and the next one read. Lines are bounded (a single multi-GB
// line would otherwise sit in memory whole); an over-long line is skipped and reported.
import { createReadStream } from "node:fs";

export const MAX_LINE_BYTES = 64 * 1024 * 1024;

// `text` is the line as written, for readers that need what JSON.parse loses (key order).
export type JsonLine = { line: number; value: unknown; text: string } | { line: number; error: string };

export async function* jsonLines(file: string, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<JsonLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  let line = 0;

  const finish = (chunks: Buffer[]): JsonLine | null => {
    line += 1;
    // A UTF-8 byte-order mark before the first line is an encoding marker, not content.
    const raw = Buffer.concat(chunks).toString("utf8");
    const text = (line === 1 ? raw.replace(/^\uFEFF/, "") : raw).trim();
    if (text === "") return null;
    try {
      return { line, value: JSON.parse(text), text };
    } catch (error) {
      return { line, error: `not valid JSON: ${(error as Error).message}` };
    }
  };

  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (skipping) {
        line += 1;
        skipping = false;
        yield { line, error: `line longer than ${maxLineBytes} bytes` };
        continue;
      }
      if (pendingBytes + piece.length > maxLineBytes) {
        line += 1;
        pending = [];
        pendingBytes = 0;
        yield { line, error: `line longer than ${maxLineBytes} bytes` };
        continue;
      }
      const parsed = finish([...pending, piece]);
      pending = [];
      pendingBytes = 0;
      if (parsed) yield parsed;
    }
    const rest = chunk.subarray(start);
    if (skipping) continue;
    if (pendingBytes + rest.length > maxLineBytes) {
      skipping = true;
      pending = [];
      pendingBytes = 0;
    } else if (rest.length) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (skipping) {
    line += 1;
    yield { line, error: `line longer than ${maxLineBytes} bytes` };
  } else if (pendingBytes > 0) {
    const parsed = finish(pending);
    if (parsed) yield parsed;
  }
}
