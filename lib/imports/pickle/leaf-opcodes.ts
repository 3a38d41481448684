// The opcodes that push one plain value read from the pickle's own bytes: no stack, no memo,
// no class. Strings are UTF-8 (Python writes lone surrogates with 'surrogatepass'; those read
// as U+FFFD). Python 2's str (SHORT_BINSTRING / BINSTRING) reads as Python 3 reads it with
// encoding='latin1', the setting numpy's documentation asks for. bytes and bytearray are views
// of the input, not copies.
import { OP } from "@/lib/imports/pickle/opcodes";
import type { PickleInput } from "@/lib/imports/pickle/pickle-input";
import type { Leaf } from "@/lib/imports/pickle/pickle-nodes";
import { parseTextFloat, parseTextInt, readLong } from "@/lib/imports/pickle/pickle-numbers";

export const LEAF_OPCODES: ReadonlyMap<number, (input: PickleInput) => Leaf> = new Map<number, (input: PickleInput) => Leaf>([
  [OP.NONE, () => null],
  [OP.NEWTRUE, () => true],
  [OP.NEWFALSE, () => false],
  [OP.BININT, (input) => input.i32()],
  [OP.BININT1, (input) => input.u8()],
  [OP.BININT2, (input) => input.u16()],
  [OP.LONG1, (input) => readLong(input, input.u8())],
  [OP.LONG4, (input) => readLong(input, input.i32())],
  [OP.INT, (input) => parseTextInt(input, input.line())],
  [OP.LONG, (input) => parseTextInt(input, input.line().replace(/L$/, ""))],
  [OP.FLOAT, (input) => parseTextFloat(input, input.line())],
  [OP.BINFLOAT, (input) => input.f64BigEndian()],
  [OP.SHORT_BINUNICODE, (input) => utf8(input.take(input.u8()))],
  [OP.BINUNICODE, (input) => utf8(input.take(input.u32()))],
  [OP.BINUNICODE8, (input) => utf8(input.take(input.u64Length()))],
  [OP.SHORT_BINSTRING, (input) => latin1(input.take(input.u8()))],
  [OP.BINSTRING, (input) => latin1(input.take(nonNegative(input, input.i32())))],
  [OP.SHORT_BINBYTES, (input) => input.take(input.u8())],
  [OP.BINBYTES, (input) => input.take(input.u32())],
  [OP.BINBYTES8, (input) => input.take(input.u64Length())],
  [OP.BYTEARRAY8, (input) => input.take(input.u64Length())],
]);

function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
}

function nonNegative(input: PickleInput, length: number): number {
  if (length < 0) input.refuse(`pickle has a negative length at byte ${input.opcodeOffset}`);
  return length;
}
