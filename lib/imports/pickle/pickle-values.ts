// What a pickle reads as: plain values an importer can hand to zod, and numpy arrays as raw
// bytes with their shape and element type. How each Python value arrives:
// - None, bool, float, str -> null, boolean, number, string; int -> number when it is a safe
//   integer, bigint otherwise.
// - bytes, bytearray -> Uint8Array (a Buffer; it may share memory with the pickle's bytes).
// - list, tuple, set, frozenset -> arrays, in the order the pickle wrote them.
// - dict (and collections.OrderedDict) whose keys are all str -> an object with a null
//   prototype, so a key such as "__proto__" or "constructor" is an ordinary own property and
//   never reaches Object.prototype. A dict with any other key (int, tuple, ...) -> a Map with the
//   keys as read (a tuple key is an array, so looking it up needs the same array).
// - numpy arrays -> PickleNdarray; numpy scalars -> number / boolean / bigint; a naive
//   datetime.datetime -> its ISO 8601 string, as Python's isoformat() writes it.
// Classes are never values: anything else is refused while reading (read-pickle.ts).

export type PickleValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | Uint8Array
  | readonly PickleValue[]
  | PickleObject
  | PickleMap
  | PickleNdarray;

export type PickleObject = { readonly [key: string]: PickleValue };
export type PickleMap = ReadonlyMap<PickleValue, PickleValue>;

export type NumpyDtypeName =
  | "bool"
  | "int8"
  | "int16"
  | "int32"
  | "int64"
  | "uint8"
  | "uint16"
  | "uint32"
  | "uint64"
  | "float16"
  | "float32"
  | "float64";

/** A numpy array: `data` holds every element, `order` says how ("C": last index fastest, as
 * numpy's default; "F": first index fastest), each element `itemSize` bytes in `byteOrder`. */
export class PickleNdarray {
  readonly kind = "ndarray";

  constructor(
    readonly shape: readonly number[],
    readonly dtype: NumpyDtypeName,
    readonly itemSize: number,
    readonly byteOrder: "little" | "big",
    readonly order: "C" | "F",
    readonly data: Uint8Array,
  ) {}
}

export function isPickleObject(value: PickleValue): value is PickleObject {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === null;
}
