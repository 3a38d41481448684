// Every opcode of Python's pickle protocols 0-5, by byte, as CPython's Lib/pickletools.py names
// them. The whole table is here so that a refusal can name the opcode it met ("PERSID (0x50)")
// even when Verity does not read it; which ones the reader accepts is decided in read-pickle.ts,
// not here.

export const OP = {
  MARK: 0x28,
  STOP: 0x2e,
  POP: 0x30,
  POP_MARK: 0x31,
  DUP: 0x32,
  FLOAT: 0x46,
  INT: 0x49,
  BININT: 0x4a,
  BININT1: 0x4b,
  LONG: 0x4c,
  BININT2: 0x4d,
  NONE: 0x4e,
  PERSID: 0x50,
  BINPERSID: 0x51,
  REDUCE: 0x52,
  STRING: 0x53,
  BINSTRING: 0x54,
  SHORT_BINSTRING: 0x55,
  UNICODE: 0x56,
  BINUNICODE: 0x58,
  APPEND: 0x61,
  BUILD: 0x62,
  GLOBAL: 0x63,
  DICT: 0x64,
  EMPTY_DICT: 0x7d,
  APPENDS: 0x65,
  GET: 0x67,
  BINGET: 0x68,
  INST: 0x69,
  LONG_BINGET: 0x6a,
  LIST: 0x6c,
  EMPTY_LIST: 0x5d,
  OBJ: 0x6f,
  PUT: 0x70,
  BINPUT: 0x71,
  LONG_BINPUT: 0x72,
  SETITEM: 0x73,
  TUPLE: 0x74,
  EMPTY_TUPLE: 0x29,
  SETITEMS: 0x75,
  BINFLOAT: 0x47,
  // protocol 2
  PROTO: 0x80,
  NEWOBJ: 0x81,
  EXT1: 0x82,
  EXT2: 0x83,
  EXT4: 0x84,
  TUPLE1: 0x85,
  TUPLE2: 0x86,
  TUPLE3: 0x87,
  NEWTRUE: 0x88,
  NEWFALSE: 0x89,
  LONG1: 0x8a,
  LONG4: 0x8b,
  // protocol 3
  BINBYTES: 0x42,
  SHORT_BINBYTES: 0x43,
  // protocol 4
  SHORT_BINUNICODE: 0x8c,
  BINUNICODE8: 0x8d,
  BINBYTES8: 0x8e,
  EMPTY_SET: 0x8f,
  ADDITEMS: 0x90,
  FROZENSET: 0x91,
  NEWOBJ_EX: 0x92,
  STACK_GLOBAL: 0x93,
  MEMOIZE: 0x94,
  FRAME: 0x95,
  // protocol 5
  BYTEARRAY8: 0x96,
  NEXT_BUFFER: 0x97,
  READONLY_BUFFER: 0x98,
} as const;

const NAMES = new Map<number, string>(Object.entries(OP).map(([name, code]) => [code, name]));

/** "BINUNICODE (0x58)", or "unknown opcode 0xff" for a byte that is no opcode at all. */
export function describeOpcode(code: number): string {
  const hex = `0x${code.toString(16).padStart(2, "0")}`;
  const name = NAMES.get(code);
  return name ? `${name} (${hex})` : `unknown opcode ${hex}`;
}

export function isOpcode(code: number): boolean {
  return NAMES.has(code);
}
