// What the reader refuses, and that a refusal names the file and what it met: a class it does
// not read (and never runs), a truncated or corrupt file, and bombs that are tiny on disk but
// expand past the budget: deep nesting, memo references (billion laughs), gzip.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NUMPY_GLOBALS } from "@/lib/imports/pickle/known-globals";
import { OP } from "@/lib/imports/pickle/opcodes";
import { readPickle } from "@/lib/imports/pickle/read-pickle";
import { readPickleFile } from "@/lib/imports/pickle/read-pickle-file";
import { gunzipBounded } from "@/lib/imports/pickle/gunzip-bounded";
import { SourceLimitError, SourceRefusedError } from "@/lib/imports/sources/source-errors";
import { hasPython, pythonPickle } from "./python-pickles";

const MiB = 1024 ** 2;

function bytes(...parts: (number | number[] | Buffer)[]): Buffer {
  return Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(typeof part === "number" ? [part] : part))));
}

function refusal(run: () => unknown): SourceRefusedError {
  try {
    run();
  } catch (error) {
    if (error instanceof SourceRefusedError) return error;
    throw error;
  }
  throw new Error("expected a refusal, but the pickle was read");
}

describe.runIf(hasPython)("readPickle refuses classes it does not read, without running them", () => {
  const marker = path.join(os.tmpdir(), `verity-pickle-ran-${process.pid}`);
  const setup = String.raw`
import os, subprocess
class Run:
    def __init__(self, call): self.call = call
    def __reduce__(self): return self.call`;

  // os.system pickles as posix.system; protocol 2 writes Python 2's names (__builtin__, commands).
  it.each([
    ["os.system", `Run((os.system, ("touch ${marker}",)))`, /`posix\.system`/],
    ["subprocess.Popen", `Run((subprocess.Popen, (["touch", "${marker}"],)))`, /`(subprocess|commands)\.Popen`/],
    ["eval", `Run((eval, ("open('${marker}', 'w')",)))`, /`(builtins|__builtin__)\.eval`/],
  ])("%s: refused by name, and nothing runs", (_, expression, named) => {
    for (const protocol of [2, 5]) {
      const pickle = pythonPickle(expression, { setup, protocol });
      const error = refusal(() => readPickle("episode.pkl", pickle, { allow: NUMPY_GLOBALS }));
      expect(error.message).toMatch(/^episode\.pkl: pickle names class `[^`]+` at byte \d+, which Verity does not read$/);
      expect(error.message).toMatch(named);
      expect(existsSync(marker)).toBe(false);
    }
  });

  it("refuses a class inside an otherwise plain trajectory", () => {
    const pickle = pythonPickle(`{"goal": "x", "episode_data": [{"step": 0}, Run((os.system, ("true",)))]}`, { setup });
    expect(() => readPickle("trajectory.pkl", pickle)).toThrow(/^trajectory\.pkl: pickle names class `posix\.system` at byte \d+/);
  });

  it("refuses a list that contains itself", () => {
    const pickle = pythonPickle("loop", { setup: "loop = []\nloop.append(loop)" });
    expect(() => readPickle("loop.pkl", pickle)).toThrow("loop.pkl: pickle has a list (made at byte 11) that contains itself, which Verity does not read");
  });
});

describe.runIf(hasPython)("readPickle refuses truncated and corrupt files", () => {
  it.each([3, 4])("refuses every truncation of a real pickle (protocol %i) with a refusal that names the file", (protocol) => {
    const whole = pythonPickle(`{"goal": "Open the app", "steps": [{"x": 0.5, "text": "héllo" * 20}] * 3, "n": 2**70}`, { protocol });
    expect(() => readPickle("cut.pkl", whole)).not.toThrow();
    for (let length = 0; length < whole.length; length++) {
      const error = refusal(() => readPickle("cut.pkl", whole.subarray(0, length)));
      expect(error.message).toMatch(/^cut\.pkl: pickle /);
    }
  });

  it("names the opcode a truncated file ends in, and the byte", () => {
    const pickle = bytes(OP.PROTO, 4, OP.BINUNICODE, [10, 0, 0, 0], Buffer.from("abc"));
    expect(() => readPickle("cut.pkl", pickle)).toThrow("cut.pkl: pickle is truncated: BINUNICODE (0x58) at byte 2 needs 10 more bytes but the file ends at byte 10");
  });

  it("refuses a length that claims more than the file holds without allocating it", () => {
    const huge = Buffer.alloc(8);
    huge.writeBigUInt64LE(2n ** 62n);
    expect(() => readPickle("huge.pkl", bytes(OP.PROTO, 5, OP.BINBYTES8, huge, OP.STOP))).toThrow(/^huge\.pkl: pickle is truncated: BINBYTES8 \(0x8e\) at byte 2/);
    expect(() => readPickle("huge.pkl", bytes(OP.PROTO, 2, OP.LONG4, [0xff, 0xff, 0xff, 0x7f], OP.STOP))).toThrow(/integer of 2147483647 bytes/);
  });

  it("refuses a pickle that ends without STOP, and bytes after it", () => {
    expect(() => readPickle("a.pkl", bytes(OP.PROTO, 4, OP.NONE))).toThrow("a.pkl: pickle is truncated: it ends at byte 3 without its STOP opcode");
    expect(() => readPickle("a.pkl", bytes(OP.PROTO, 4, OP.NONE, OP.STOP, OP.NONE))).toThrow("a.pkl: pickle has 1 byte after its STOP opcode at byte 3, which Verity does not read");
  });

  it("names an opcode it does not read, and a byte that is no opcode", () => {
    expect(() => readPickle("p.pkl", bytes(OP.PROTO, 2, OP.BINPERSID))).toThrow("p.pkl: pickle uses opcode BINPERSID (0x51) at byte 2, which Verity does not read");
    expect(() => readPickle("p.pkl", bytes(OP.PROTO, 5, OP.NEXT_BUFFER, OP.STOP))).toThrow("p.pkl: pickle uses opcode NEXT_BUFFER (0x97) at byte 2, which Verity does not read");
    expect(() => readPickle("p.pkl", bytes(0xff))).toThrow("p.pkl: pickle has unknown opcode 0xff at byte 0: it is not a pickle, or a corrupt one");
    expect(() => readPickle("p.pkl", bytes(OP.PROTO, 6, OP.NONE, OP.STOP))).toThrow("p.pkl: pickle uses protocol 6, which Verity does not read (at most 5)");
  });

  it("refuses popping below a MARK or reading a memo entry never stored", () => {
    expect(() => readPickle("s.pkl", bytes(OP.PROTO, 4, OP.NONE, OP.MARK, OP.TUPLE1, OP.STOP))).toThrow("s.pkl: pickle's TUPLE1 (0x85) at byte 4 finds too few values on its stack");
    expect(() => readPickle("s.pkl", bytes(OP.PROTO, 4, OP.BINGET, 7, OP.STOP))).toThrow("s.pkl: pickle's BINGET (0x68) at byte 2 refers to memo entry 7, which it never stored");
  });
});

describe("readPickle refuses bombs within its budget", () => {
  it("refuses nesting deeper than maxDepth, built one byte per level, without recursing", () => {
    // ()  then TUPLE1 a million times: ((((),),),)... 1 MB that nests a million deep.
    const deep = bytes(OP.PROTO, 4, OP.EMPTY_TUPLE, Buffer.alloc(1_000_000, OP.TUPLE1), OP.STOP);
    const error = refusal(() => readPickle("deep.pkl", deep));
    expect(error).toBeInstanceOf(SourceLimitError);
    expect(error.message).toBe("deep.pkl: pickle nests containers deeper than 200 levels");
  });

  it("reads nesting up to maxDepth", () => {
    const nested = (levels: number) => bytes(OP.PROTO, 4, Buffer.alloc(levels, OP.EMPTY_LIST), Buffer.alloc(levels - 1, OP.APPEND), OP.STOP);
    expect(() => readPickle("ok.pkl", nested(200))).not.toThrow();
    expect(() => readPickle("deep.pkl", nested(201))).toThrow("deep.pkl: pickle nests containers deeper than 200 levels");
  });

  it("refuses a billion-laughs memo chain: 30 levels of [previous] * 10 in under a kilobyte", () => {
    const levels: Buffer[] = [];
    for (let level = 1; level <= 30; level++) {
      const gets = Array.from({ length: 10 }, () => [OP.BINGET, level - 1]).flat();
      levels.push(bytes(OP.MARK, gets, OP.LIST, OP.MEMOIZE));
    }
    const bomb = bytes(OP.PROTO, 4, OP.EMPTY_LIST, OP.MEMOIZE, ...levels, OP.STOP);
    expect(bomb.length).toBeLessThan(1024);
    const error = refusal(() => readPickle("laughs.pkl", bomb));
    expect(error).toBeInstanceOf(SourceLimitError);
    expect(error.message).toBe("laughs.pkl: pickle expands to more than 2000000 values (a value it refers to again counts again)");
  });

  it("counts a shared string's characters once per reference", () => {
    const text = Buffer.from("x".repeat(1000));
    const bomb = bytes(OP.PROTO, 4, OP.BINUNICODE, [0xe8, 0x03, 0, 0], text, OP.MEMOIZE, OP.MARK, Buffer.from(Array(2000).fill([OP.BINGET, 0]).flat()), OP.LIST, OP.STOP);
    expect(() => readPickle("text.pkl", bomb, { budget: { maxBytes: MiB } })).toThrow("text.pkl: pickle expands to more than 1 MiB of strings and data");
    expect(() => readPickle("text.pkl", bomb, { budget: { maxBytes: 4 * MiB } })).not.toThrow();
  });

  it("refuses a pickle that pushes more values than the budget while it is read", () => {
    const many = bytes(OP.PROTO, 4, OP.MARK, Buffer.alloc(1000, OP.NONE), OP.LIST, OP.STOP);
    expect(() => readPickle("many.pkl", many, { budget: { maxValues: 500 } })).toThrow("many.pkl: pickle pushes more than 500 values while it is read");
  });

  it("refuses a gzip bomb after the cap, not at the end of memory", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * MiB));
    expect(bomb.length).toBeLessThan(MiB);
    await expect(gunzipBounded("trajectory.pkl.gz", bomb, 8 * MiB)).rejects.toThrow("trajectory.pkl.gz: expands beyond 8 MiB when gunzipped");
    await expect(readPickleFile("trajectory.pkl.gz", bomb, { limits: { maxEntryBytes: 8 * MiB } })).rejects.toBeInstanceOf(SourceLimitError);
  });

  it("refuses a small .pkl.gz that inflates to a deep nesting bomb", async () => {
    const deep = gzipSync(bytes(OP.PROTO, 4, OP.EMPTY_TUPLE, Buffer.alloc(1_000_000, OP.TUPLE1), OP.STOP));
    expect(deep.length).toBeLessThan(16 * 1024);
    await expect(readPickleFile("trajectory.pkl.gz", deep)).rejects.toThrow("trajectory.pkl.gz: pickle nests containers deeper than 200 levels");
  });

  it("refuses a file that is not gzip after its magic bytes", async () => {
    await expect(readPickleFile("bad.pkl.gz", bytes(0x1f, 0x8b, 0x08, 0, 1, 2, 3))).rejects.toThrow(/^bad\.pkl\.gz: cannot be gunzipped/);
  });
});
