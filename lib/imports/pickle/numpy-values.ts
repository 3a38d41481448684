// numpy's own pickling, read back without numpy. What numpy writes, as read in numpy/numpy at
// 1f90bbb55e65e7de68921bc3f1a2d94492fdf689 (v2.6.0.dev0, the same format numpy 1.x writes):
// - An array (numpy/_core/src/multiarray/methods.c:1831-1909, array_reduce) is
//   `_reconstruct(ndarray, (0,), b'b')`, then BUILD with the state
//   `(1, shape, dtype, is_fortran, raw_bytes)`; raw_bytes is PyArray_ToString in "any" order,
//   i.e. Fortran order when is_fortran. array_setstate (methods.c:2077-2319) also takes the
//   4-tuple of version 0 (methods.c:2097-2112), latin-1 str data from Python 2 pickles
//   (methods.c:2162), and refuses data whose length is not the shape's (methods.c:2186).
// - With protocol 5 a contiguous array is instead `_frombuffer(buffer, dtype, shape, order)`
//   (methods.c:1931-2042, array_reduce_ex_picklebuffer; numpy/_core/numeric.py:1908-1912), the
//   buffer in-band as BYTEARRAY8; order 'K' (a transposed view) adds an axis order, refused here.
// - A dtype (numpy/_core/src/multiarray/descriptor.c:2791-2911, arraydescr_reduce) is
//   `dtype('u1', False, True)` (kind + item size, descriptor.c:2838-2840), then BUILD with
//   `(3, byteorder, subarray, names, fields, elsize, alignment, flags)`, version 4 with a ninth
//   item for metadata (datetime units), descriptor.c:2875.
// - A scalar (numpy/_core/src/multiarray/scalartypes.c.src:2414-2490, gentype_reduce) is
//   `scalar(dtype, raw_bytes)` (scalartypes.c.src:2481).
// _reconstruct and scalar are written under module `numpy._core.multiarray` by numpy 2
// (numpy/_core/multiarray.py:54-55) and `numpy.core.multiarray` by numpy 1. Only plain numeric
// dtypes are read; structured, string, object and datetime dtypes are refused by name.
import {
  DtypeNode,
  GlobalNode,
  NdarrayNode,
  TupleNode,
  describeNode,
  type Node,
  type ReadContext,
} from "@/lib/imports/pickle/pickle-nodes";
import { safeNumber } from "@/lib/imports/pickle/pickle-numbers";
import type { NumpyDtypeName } from "@/lib/imports/pickle/pickle-values";

const DTYPES: Record<string, { dtype: NumpyDtypeName; itemSize: number }> = {
  b1: { dtype: "bool", itemSize: 1 },
  i1: { dtype: "int8", itemSize: 1 },
  i2: { dtype: "int16", itemSize: 2 },
  i4: { dtype: "int32", itemSize: 4 },
  i8: { dtype: "int64", itemSize: 8 },
  u1: { dtype: "uint8", itemSize: 1 },
  u2: { dtype: "uint16", itemSize: 2 },
  u4: { dtype: "uint32", itemSize: 4 },
  u8: { dtype: "uint64", itemSize: 8 },
  f2: { dtype: "float16", itemSize: 2 },
  f4: { dtype: "float32", itemSize: 4 },
  f8: { dtype: "float64", itemSize: 8 },
};

/** numpy.dtype(code, align, copy). */
export function reduceDtype(args: readonly Node[], ctx: ReadContext): DtypeNode {
  const code = args[0];
  if (typeof code !== "string") ctx.refuse(`pickle builds a numpy dtype from ${describeNode(code ?? null)} at byte ${ctx.offset}, which Verity does not read`);
  const known = Object.hasOwn(DTYPES, code) ? DTYPES[code] : undefined;
  if (!known) ctx.refuse(`pickle has a numpy array of dtype '${code}' at byte ${ctx.offset}, which Verity does not read (only bool, int, uint and float)`);
  return new DtypeNode(ctx.offset, known.dtype, known.itemSize);
}

/** BUILD on a dtype: its byte order; anything structured (subarray, fields) is refused. */
export function buildDtype(node: DtypeNode, state: Node, ctx: ReadContext): void {
  const items = state instanceof TupleNode ? state.items : [];
  const [version, byteOrder, subarray, names, fields] = items;
  const isPlain = (version === 3 || version === 4) && (items.length === 8 || items.length === 9);
  if (!isPlain || subarray !== null || names !== null || fields !== null || typeof byteOrder !== "string") {
    ctx.refuse(`pickle has a numpy dtype at byte ${node.offset} with a state Verity does not read (a structured or versioned dtype)`);
  }
  if (!["<", ">", "|", "="].includes(byteOrder)) ctx.refuse(`pickle has a numpy dtype at byte ${node.offset} with byte order '${byteOrder}'`);
  node.byteOrder = byteOrder;
}

/** _reconstruct(ndarray, (0,), b'b'): an empty array that BUILD fills. */
export function reduceNdarray(args: readonly Node[], ctx: ReadContext): NdarrayNode {
  const subtype = args[0];
  if (!(subtype instanceof GlobalNode) || subtype.qualifiedName !== "numpy.ndarray") {
    ctx.refuse(`pickle reconstructs a numpy array of ${describeNode(subtype ?? null)} at byte ${ctx.offset}, which Verity does not read`);
  }
  return new NdarrayNode(ctx.offset);
}

/** BUILD on an array: `(version, shape, dtype, is_fortran, data)`, version 1 or the 4-tuple of 0. */
export function buildNdarray(node: NdarrayNode, state: Node, ctx: ReadContext): void {
  const items = state instanceof TupleNode ? state.items : [];
  const fields = items.length === 5 && items[0] === 1 ? items.slice(1) : items.length === 4 ? items : null;
  if (!fields || node.built) ctx.refuse(`pickle has a numpy array at byte ${node.offset} with a state Verity does not read`);
  const [shape, dtype, isFortran, data] = fields;
  node.built = arrayOf(data ?? null, dtype ?? null, shape ?? null, isFortran === true || isFortran === 1 ? "F" : "C", node.offset, ctx);
}

/** _frombuffer(buffer, dtype, shape, order): protocol 5's array, whole in one call. */
export function reduceFromBuffer(args: readonly Node[], ctx: ReadContext): NdarrayNode {
  const [data, dtype, shape, order] = args;
  if (args.length !== 4 || (order !== "C" && order !== "F")) {
    ctx.refuse(`pickle has a numpy array at byte ${ctx.offset} in an element order Verity does not read (a non-contiguous view)`);
  }
  const node = new NdarrayNode(ctx.offset);
  node.built = arrayOf(data ?? null, dtype ?? null, shape ?? null, order, ctx.offset, ctx);
  return node;
}

/** scalar(dtype, raw_bytes): np.float64(1.5) inside a dict reads as 1.5. */
export function reduceScalar(args: readonly Node[], ctx: ReadContext): number | bigint | boolean {
  const [dtype, raw] = args;
  if (!(dtype instanceof DtypeNode) || dtype.byteOrder === null) ctx.refuse(`pickle has a numpy scalar without a numeric dtype at byte ${ctx.offset}`);
  const bytes = rawBytes(raw ?? null, ctx);
  if (bytes.length !== dtype.itemSize) ctx.refuse(`pickle has a numpy ${dtype.dtype} scalar of ${bytes.length} bytes at byte ${ctx.offset}`);
  return readElement(bytes, dtype.dtype, dtype.byteOrder !== ">");
}

function arrayOf(data: Node, dtype: Node, shape: Node, order: "C" | "F", offset: number, ctx: ReadContext) {
  if (!(dtype instanceof DtypeNode) || dtype.byteOrder === null) ctx.refuse(`pickle has a numpy array at byte ${offset} without a numeric dtype`);
  const dims = shape instanceof TupleNode ? shape.items : null;
  if (!dims || !dims.every((d): d is number => typeof d === "number" && Number.isSafeInteger(d) && d >= 0)) {
    ctx.refuse(`pickle has a numpy array at byte ${offset} whose shape is not a tuple of sizes`);
  }
  const bytes = rawBytes(data, ctx);
  const expected = dims.reduce((product, d) => product * d, dtype.itemSize);
  if (bytes.length !== expected) {
    ctx.refuse(`pickle has a numpy array at byte ${offset} with ${bytes.length} bytes of data where its shape (${dims.join(", ")}) of ${dtype.dtype} needs ${expected}`);
  }
  return { shape: [...dims], dtype, order, data: bytes };
}

function rawBytes(raw: Node, ctx: ReadContext): Uint8Array {
  if (raw instanceof Uint8Array) return raw;
  // Python 2 wrote the data as a str; numpy reads it back as latin-1 (methods.c:2162).
  if (typeof raw === "string") return latin1Bytes(raw, ctx);
  ctx.refuse(`pickle has numpy data as ${describeNode(raw)} at byte ${ctx.offset}, which Verity does not read (an object array?)`);
}

export function latin1Bytes(text: string, ctx: ReadContext): Uint8Array {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) ctx.refuse(`pickle encodes a str that is not latin-1 as bytes at byte ${ctx.offset}`);
  }
  return Buffer.from(text, "latin1");
}

function readElement(bytes: Uint8Array, dtype: NumpyDtypeName, isLittle: boolean): number | bigint | boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (dtype) {
    case "bool":
      return view.getUint8(0) !== 0;
    case "int8":
      return view.getInt8(0);
    case "uint8":
      return view.getUint8(0);
    case "int16":
      return view.getInt16(0, isLittle);
    case "uint16":
      return view.getUint16(0, isLittle);
    case "int32":
      return view.getInt32(0, isLittle);
    case "uint32":
      return view.getUint32(0, isLittle);
    case "int64":
      return safeNumber(view.getBigInt64(0, isLittle));
    case "uint64":
      return safeNumber(view.getBigUint64(0, isLittle));
    case "float16":
      return halfToNumber(view.getUint16(0, isLittle));
    case "float32":
      return view.getFloat32(0, isLittle);
    case "float64":
      return view.getFloat64(0, isLittle);
  }
}

function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}
