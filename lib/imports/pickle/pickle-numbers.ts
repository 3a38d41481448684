// The integer and float opcodes whose argument needs decoding: LONG1 / LONG4 (little-endian
// two's complement of any length) and protocol 0's decimal INT, LONG and FLOAT. Integers come
// back as numbers when they are safe integers, bigints otherwise. A LONG4 may claim 2 GiB of
// digits; past MAX_LONG_BYTES (an 8192-bit integer, far beyond any id or timestamp) it is refused.
import type { PickleInput } from "@/lib/imports/pickle/pickle-input";

const MAX_LONG_BYTES = 1024;

export function readLong(input: PickleInput, length: number): number | bigint {
  if (length < 0 || length > MAX_LONG_BYTES) {
    input.refuse(`pickle has an integer of ${length} bytes at byte ${input.opcodeOffset} (at most ${MAX_LONG_BYTES})`);
  }
  const bytes = input.take(length);
  if (length === 0) return 0;
  let value = BigInt(`0x${Buffer.from(bytes).reverse().toString("hex")}`);
  if (bytes[length - 1]! & 0x80) value -= 1n << BigInt(8 * length);
  return safeNumber(value);
}

/** INT / LONG (without its trailing "L"): decimal text; "01" and "00" are protocol 0's True and False. */
export function parseTextInt(input: PickleInput, text: string): number | bigint | boolean {
  if (text === "01" || text === "00") return text === "01";
  if (!/^[+-]?\d+$/.test(text)) input.refuse(`pickle has a malformed integer at byte ${input.opcodeOffset}`);
  return safeNumber(BigInt(text));
}

/** FLOAT: Python's repr of a float, "inf" and "nan" included. */
export function parseTextFloat(input: PickleInput, text: string): number {
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (special) return special[2]!.toLowerCase() === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) input.refuse(`pickle has a malformed float at byte ${input.opcodeOffset}`);
  return Number(text);
}

export function safeNumber(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
