// The unpickler's stack, MARKs and memo, with the budget's count of values pushed. Python keeps
// a fresh stack after each MARK, so nothing below the latest mark may be popped; a pickle that
// tries is refused rather than read against values it did not put there. Every push counts,
// a memo re-reference (BINGET) too, so reading itself is bounded however the file repeats
// values; how far those values expand is measured afterwards (finish-value.ts).
import { describeOpcode } from "@/lib/imports/pickle/opcodes";
import type { PickleInput } from "@/lib/imports/pickle/pickle-input";
import type { Node } from "@/lib/imports/pickle/pickle-nodes";
import { SourceLimitError } from "@/lib/imports/sources/source-errors";

export class PickleStack {
  private readonly values: Node[] = [];
  private readonly marks: number[] = [];
  private readonly memo = new Map<number, Node>();
  private pushes = 0;

  constructor(
    private readonly input: PickleInput,
    private readonly maxValues: number,
  ) {}

  push(node: Node): void {
    this.count();
    this.values.push(node);
  }

  mark(): void {
    this.count();
    this.marks.push(this.values.length);
  }

  top(): Node {
    if (this.values.length <= this.floor()) this.underflow();
    return this.values.at(-1)!;
  }

  pop(): Node {
    if (this.values.length <= this.floor()) this.underflow();
    return this.values.pop()!;
  }

  popMany(count: number): Node[] {
    if (this.values.length - count < this.floor()) this.underflow();
    return this.values.splice(this.values.length - count);
  }

  /** The values above the latest MARK, and the mark itself. */
  popMark(): Node[] {
    const mark = this.marks.pop();
    if (mark === undefined) this.input.refuse(`pickle's ${this.opcode()} has no MARK before it`);
    return this.values.splice(mark);
  }

  /** POP: the top value, or the latest MARK when there is none above it (as Python does). */
  discard(): void {
    if (this.values.length > this.floor()) this.values.pop();
    else this.popMark();
  }

  /** MEMOIZE stores at the memo's size; BINPUT / LONG_BINPUT at the index they give. */
  put(index: number = this.memo.size): void {
    if (this.memo.size >= this.maxValues) throw new SourceLimitError(this.input.subject, `pickle's memo holds more than ${this.maxValues} values`);
    this.memo.set(index, this.top());
  }

  get(index: number): void {
    const node = this.memo.get(index);
    if (node === undefined) this.input.refuse(`pickle's ${this.opcode()} refers to memo entry ${index}, which it never stored`);
    this.push(node);
  }

  private count(): void {
    if (++this.pushes > this.maxValues) {
      throw new SourceLimitError(this.input.subject, `pickle pushes more than ${this.maxValues} values while it is read`);
    }
  }

  private floor(): number {
    return this.marks.at(-1) ?? 0;
  }

  private opcode(): string {
    return `${describeOpcode(this.input.opcode)} at byte ${this.input.opcodeOffset}`;
  }

  private underflow(): never {
    this.input.refuse(`pickle's ${this.opcode()} finds too few values on its stack`);
  }
}
