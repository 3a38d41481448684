// The first non-space character of a file decides how json-records.ts reads it. Read in small
// blocks so a file that opens with megabytes of whitespace still costs no memory.
import "server-only";
import { open } from "node:fs/promises";

const BLOCK_BYTES = 4096;

export type FirstChar = { ok: true; char: string } | { ok: false; reason: string };

export async function readFirstChar(file: string): Promise<FirstChar> {
  let handle;
  try {
    handle = await open(file, "r");
    const buffer = Buffer.alloc(BLOCK_BYTES);
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(buffer, 0, BLOCK_BYTES, position);
      if (bytesRead === 0) return { ok: false, reason: "the file is empty" };
      // JSON whitespace, plus a UTF-8 byte-order mark (EF BB BF) at the very start.
      const text = buffer.subarray(0, bytesRead).toString("latin1");
      const start = position === 0 && text.startsWith("\xEF\xBB\xBF") ? 3 : 0;
      const match = /[^ \t\r\n]/.exec(text.slice(start));
      if (match) return { ok: true, char: match[0] };
      position += bytesRead;
    }
  } catch (error) {
    return { ok: false, reason: `cannot read the file: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await handle?.close();
  }
}
