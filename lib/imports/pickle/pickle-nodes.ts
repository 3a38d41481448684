// The values on the reader's stack while a pickle is read. Containers are nodes rather than the
// final JS values because Python fills them after creating them (EMPTY_DICT, then SETITEMS; a
// numpy array is created empty and its state arrives later with BUILD), and because the memo
// lets one node be referred to from many places: finish-value.ts turns the finished graph into
// PickleValues once, measuring it as a tree. Leaves (null, numbers, strings, bytes) are already
// final. `offset` is the byte of the opcode that made the node, for refusals.
import type { NumpyDtypeName } from "@/lib/imports/pickle/pickle-values";

export class ListNode {
  constructor(
    readonly offset: number,
    readonly items: Node[] = [],
  ) {}
}

export class TupleNode {
  constructor(
    readonly offset: number,
    readonly items: readonly Node[],
  ) {}
}

export class DictNode {
  readonly keys: Node[] = [];
  readonly values: Node[] = [];

  constructor(readonly offset: number) {}
}

export class SetNode {
  constructor(
    readonly offset: number,
    readonly items: Node[],
    readonly isFrozen: boolean,
  ) {}
}

/** An instance of a class read as a plain record (known-globals.ts RECORD readers): NEWOBJ
 * `cls.__new__(cls)` makes it empty, and BUILD fills it with the instance's `__dict__`, which is
 * how the pickler writes a dataclass or any object without a `__reduce__` of its own. It reads
 * as a dict of its attributes; the class is only a name. */
export class RecordNode extends DictNode {
  constructor(
    offset: number,
    readonly className: string,
  ) {
    super(offset);
  }
}

/** A class or function named by GLOBAL / STACK_GLOBAL: only ever looked up, never called. */
export class GlobalNode {
  constructor(
    readonly offset: number,
    readonly qualifiedName: string,
  ) {}
}

/** numpy.dtype('u1', False, True), waiting for BUILD to give its byte order. */
export class DtypeNode {
  byteOrder: string | null = null;

  constructor(
    readonly offset: number,
    readonly dtype: NumpyDtypeName,
    readonly itemSize: number,
  ) {}
}

/** numpy's _reconstruct(ndarray, (0,), b'b'): an empty array until BUILD gives it its state. */
export class NdarrayNode {
  built: { shape: number[]; dtype: DtypeNode; order: "C" | "F"; data: Uint8Array } | null = null;

  constructor(readonly offset: number) {}
}

export type Leaf = null | boolean | number | bigint | string | Uint8Array;
export type Node = Leaf | ListNode | TupleNode | DictNode | SetNode | GlobalNode | DtypeNode | NdarrayNode;

/** How a refusal names a node: "a list", "class `numpy.dtype`". */
export function describeNode(node: Node): string {
  if (node === null) return "None";
  if (typeof node === "boolean") return "a bool";
  if (typeof node === "number" || typeof node === "bigint") return "a number";
  if (typeof node === "string") return "a str";
  if (node instanceof Uint8Array) return "bytes";
  if (node instanceof ListNode) return "a list";
  if (node instanceof TupleNode) return "a tuple";
  if (node instanceof DictNode) return "a dict";
  if (node instanceof SetNode) return node.isFrozen ? "a frozenset" : "a set";
  if (node instanceof GlobalNode) return `class \`${node.qualifiedName}\``;
  if (node instanceof DtypeNode) return "a numpy dtype";
  return "a numpy array";
}

/** What a reader of one class reference gets besides its arguments: where it is, and how to refuse. */
export type ReadContext = {
  /** The byte of the opcode being run (REDUCE, NEWOBJ, BUILD). */
  readonly offset: number;
  refuse(reason: string): never;
};
