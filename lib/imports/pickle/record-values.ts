// Instances read as records (known-globals.ts): the pickler writes an object without a
// `__reduce__` of its own as `copyreg.__newobj__` (NEWOBJ with no arguments) and then its state
// (BUILD): the instance's `__dict__`, or `(__dict__ or None, slot values)` when the class has
// __slots__ (Python's copyreg._reduce_ex / object.__reduce_ex__). Python's unpickler would call
// the class's `__setstate__` if it had one; a record class is allowed only where its state is
// its attributes, so the state is simply the record's fields, and nothing is called.
import { DictNode, RecordNode, TupleNode, describeNode, type Node, type ReadContext } from "@/lib/imports/pickle/pickle-nodes";

export function newRecord(className: string) {
  return (args: readonly Node[], ctx: ReadContext): RecordNode => {
    if (args.length > 0) ctx.refuse(`pickle creates \`${className}\` with arguments at byte ${ctx.offset}, which Verity does not read`);
    return new RecordNode(ctx.offset, className);
  };
}

export function buildRecord(target: RecordNode, state: Node, ctx: ReadContext): void {
  const parts = state instanceof TupleNode && state.items.length === 2 ? state.items : [state];
  for (const part of parts) {
    if (part === null && parts.length === 2) continue;
    if (!(part instanceof DictNode) || part instanceof RecordNode) {
      ctx.refuse(`pickle sets the state of \`${target.className}\` to ${describeNode(part ?? null)} at byte ${ctx.offset} (BUILD), which Verity does not read`);
    }
    part.keys.forEach((key, i) => {
      if (typeof key !== "string") ctx.refuse(`pickle sets an attribute of \`${target.className}\` named by ${describeNode(key)} at byte ${ctx.offset}`);
      const at = target.keys.indexOf(key);
      if (at >= 0) target.values[at] = part.values[i]!;
      else {
        target.keys.push(key);
        target.values.push(part.values[i]!);
      }
    });
  }
}
