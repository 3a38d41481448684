// Turns what a pickle built into PickleValues, and measures it as the tree a consumer would walk.
// The memo lets a pickle put one list in a thousand places, and each of those lists in a
// thousand more: a few hundred bytes that a JSON.stringify, a zod parse or a step writer would
// expand to billions of values. Each node is converted once (shared nodes stay shared), but its
// size, bytes and depth are those of its whole subtree, and a parent adds its children's in full
// however often they are shared; the moment a sum passes the budget the pickle is refused. A
// container that contains itself (a list appended to itself through the memo) is refused too:
// no consumer could walk it. The walk keeps its own stack, at most maxDepth frames, so a deep
// pickle is refused without recursing in JS.
import {
  DictNode,
  DtypeNode,
  GlobalNode,
  ListNode,
  NdarrayNode,
  SetNode,
  TupleNode,
  describeNode,
  type Node,
} from "@/lib/imports/pickle/pickle-nodes";
import type { PickleBudget } from "@/lib/imports/pickle/pickle-budget";
import { PickleNdarray, type PickleValue } from "@/lib/imports/pickle/pickle-values";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";

type Container = ListNode | TupleNode | SetNode | DictNode;
type Measured = { value: PickleValue; size: number; bytes: number; depth: number };
type Frame = { node: Container; next: number; children: Measured[] };

export type FinishFailures = {
  refuse(reason: string): never;
  exceed(reason: string): never;
};

export function finishValue(root: Node, budget: PickleBudget, fail: FinishFailures): PickleValue {
  const done = new Map<Container, Measured>();
  const onPath = new Set<Container>();
  const frames: Frame[] = [];

  const enter = (node: Container) => {
    if (onPath.has(node)) fail.refuse(`pickle has ${describeNode(node)} (made at byte ${node.offset}) that contains itself, which Verity does not read`);
    if (frames.length >= budget.maxDepth) fail.exceed(`pickle nests containers deeper than ${budget.maxDepth} levels`);
    onPath.add(node);
    frames.push({ node, next: 0, children: [] });
  };
  const measured = (node: Node): Measured | null => (isContainer(node) ? (done.get(node) ?? null) : measureLeaf(node, fail));

  const withinBudget = (result: Measured) => {
    if (result.size > budget.maxValues) fail.exceed(`pickle expands to more than ${budget.maxValues} values (a value it refers to again counts again)`);
    if (result.bytes > budget.maxBytes) fail.exceed(`pickle expands to more than ${describeBytes(budget.maxBytes)} of strings and data (a value it refers to again counts again)`);
    if (result.depth > budget.maxDepth) fail.exceed(`pickle nests containers deeper than ${budget.maxDepth} levels`);
    return result;
  };

  const first = measured(root);
  if (first) return withinBudget(first).value;
  enter(root as Container);
  for (;;) {
    const frame = frames.at(-1)!;
    if (frame.next < childCount(frame.node)) {
      const child = childAt(frame.node, frame.next++);
      const known = measured(child);
      if (known) frame.children.push(known);
      else enter(child as Container);
      continue;
    }
    const result = withinBudget(assemble(frame.node, frame.children));
    done.set(frame.node, result);
    onPath.delete(frame.node);
    frames.pop();
    const parent = frames.at(-1);
    if (!parent) return result.value;
    parent.children.push(result);
  }
}

function isContainer(node: Node): node is Container {
  return node instanceof ListNode || node instanceof TupleNode || node instanceof SetNode || node instanceof DictNode;
}

function childCount(node: Container): number {
  return node instanceof DictNode ? node.keys.length * 2 : node.items.length;
}

/** A dict's children are its keys, then its values. */
function childAt(node: Container, index: number): Node {
  if (!(node instanceof DictNode)) return node.items[index]!;
  const count = node.keys.length;
  return index < count ? node.keys[index]! : node.values[index - count]!;
}

function measureLeaf(node: Exclude<Node, Container>, fail: FinishFailures): Measured {
  if (node instanceof GlobalNode || node instanceof DtypeNode) {
    fail.refuse(`pickle's result holds ${describeNode(node)} itself (named at byte ${node.offset}), not a value Verity reads`);
  }
  if (node instanceof NdarrayNode) {
    const built = node.built ?? fail.refuse(`pickle has a numpy array at byte ${node.offset} that never gets its data (no BUILD)`);
    const { shape, dtype, order, data } = built;
    const byteOrder = dtype.byteOrder === ">" ? "big" : "little";
    return { value: new PickleNdarray(shape, dtype.dtype, dtype.itemSize, byteOrder, order, data), size: 1, bytes: data.length, depth: 0 };
  }
  const bytes = typeof node === "string" || node instanceof Uint8Array ? node.length : 0;
  return { value: node, size: 1, bytes, depth: 0 };
}

function assemble(node: Container, children: Measured[]): Measured {
  let size = 1;
  let bytes = 0;
  let depth = 0;
  for (const child of children) {
    size += child.size;
    bytes += child.bytes;
    if (child.depth > depth) depth = child.depth;
  }
  return { value: valueOf(node, children), size, bytes, depth: depth + 1 };
}

function valueOf(node: Container, children: Measured[]): PickleValue {
  if (!(node instanceof DictNode)) return children.map((child) => child.value);
  const count = node.keys.length;
  const keys = children.slice(0, count).map((child) => child.value);
  const values = children.slice(count).map((child) => child.value);
  if (keys.every((key) => typeof key === "string")) {
    // Null prototype: "__proto__" and "constructor" are keys like any other.
    const object: Record<string, PickleValue> = Object.create(null);
    keys.forEach((key, i) => (object[key as string] = values[i]!));
    return object;
  }
  return new Map(keys.map((key, i): [PickleValue, PickleValue] => [key, values[i]!]));
}
