import "server-only";
// Reads a Python pickle without running it. A pickle is a program for Python's unpickler, whose
// GLOBAL + REDUCE opcodes import and call any function; this reader is a separate, small
// interpreter of the opcodes that plain data uses (protocols 2-5, and the int/float/str opcodes
// of 0-1), in which a class reference is only a name: it must be on the caller's allow-list,
// and then means what known-globals.ts says, never a call. Every other opcode (persistent ids,
// extension codes, INST/OBJ, out-of-band buffers, the text-protocol strings and memo) is refused
// by name, as is anything after STOP and a file that ends before it.
// Why not an npm parser: pickleparser 0.2.1 turns an unknown class into a stand-in object and
// lets a resolver run registered constructors, and jpickle 0.4.1 (2015) stops at protocol 2;
// neither bounds what the memo or nesting expand to. This reader cannot execute anything, and
// its bounds are Verity's (pickle-budget.ts): every value pushed counts, and the result is
// measured as a tree in finish-value.ts.
import { finishValue } from "@/lib/imports/pickle/finish-value";
import { PYTHON_VALUE_GLOBALS, isKnownGlobal, readerOf, type KnownGlobal } from "@/lib/imports/pickle/known-globals";
import { buildDtype, buildNdarray } from "@/lib/imports/pickle/numpy-values";
import { buildRecord } from "@/lib/imports/pickle/record-values";
import { PickleBudgetSchema, type PickleBudget } from "@/lib/imports/pickle/pickle-budget";
import { LEAF_OPCODES } from "@/lib/imports/pickle/leaf-opcodes";
import { PickleInput } from "@/lib/imports/pickle/pickle-input";
import {
  DictNode,
  DtypeNode,
  GlobalNode,
  ListNode,
  NdarrayNode,
  RecordNode,
  SetNode,
  TupleNode,
  describeNode,
  type Node,
  type ReadContext,
} from "@/lib/imports/pickle/pickle-nodes";
import { OP, describeOpcode, isOpcode } from "@/lib/imports/pickle/opcodes";
import { PickleStack } from "@/lib/imports/pickle/pickle-stack";
import type { PickleValue } from "@/lib/imports/pickle/pickle-values";
import { describeBytes } from "@/lib/imports/sources/describe-bytes";
import { SourceLimitError } from "@/lib/imports/sources/source-errors";

export type ReadPickleOptions = {
  /** The class names the file may use besides Python's own spellings of plain values (always
   * read): NUMPY_GLOBALS for arrays, DATETIME_GLOBALS for datetimes. Any other is refused. */
  allow?: readonly KnownGlobal[];
  budget?: Partial<PickleBudget>;
};

const HIGHEST_PROTOCOL = 5;

/** `subject` names the file in every refusal (SourceRefusedError; SourceLimitError past the budget). */
export function readPickle(subject: string, bytes: Uint8Array, options: ReadPickleOptions = {}): PickleValue {
  // Parsed, not spread: a field passed as undefined gets its default instead of no bound at all.
  const budget = PickleBudgetSchema.parse(options.budget ?? {});
  const input = new PickleInput(subject, bytes);
  const root = new PickleMachine(input, new Set([...PYTHON_VALUE_GLOBALS, ...(options.allow ?? [])]), budget).run();
  return finishValue(root, budget, {
    refuse: (reason) => input.refuse(reason),
    exceed: (reason) => {
      throw new SourceLimitError(subject, reason);
    },
  });
}

class PickleMachine {
  private readonly stack: PickleStack;

  constructor(
    private readonly input: PickleInput,
    private readonly allow: ReadonlySet<string>,
    budget: PickleBudget,
  ) {
    this.stack = new PickleStack(input, budget.maxValues);
  }

  run(): Node {
    // Typed explicitly: TypeScript narrows after a `never` call only through declared types.
    const input: PickleInput = this.input;
    for (;;) {
      const op = input.nextOpcode();
      if (op === null) input.refuse(`pickle is truncated: it ends at byte ${input.offset} without its STOP opcode`);
      const at = input.opcodeOffset;
      const leaf = LEAF_OPCODES.get(op);
      if (leaf) {
        this.stack.push(leaf(input));
        continue;
      }
      switch (op) {
        case OP.PROTO: {
          const protocol = input.u8();
          if (protocol > HIGHEST_PROTOCOL) input.refuse(`pickle uses protocol ${protocol}, which Verity does not read (at most ${HIGHEST_PROTOCOL})`);
          break;
        }
        case OP.FRAME:
          input.u64Length();
          break;
        case OP.STOP: {
          const value = this.stack.pop();
          if (input.remaining > 0) input.refuse(`pickle has ${describeBytes(input.remaining)} after its STOP opcode at byte ${at}, which Verity does not read`);
          return value;
        }
        case OP.EMPTY_DICT:
          this.stack.push(new DictNode(at));
          break;
        case OP.EMPTY_LIST:
          this.stack.push(new ListNode(at));
          break;
        case OP.EMPTY_TUPLE:
          this.stack.push(new TupleNode(at, []));
          break;
        case OP.EMPTY_SET:
          this.stack.push(new SetNode(at, [], false));
          break;
        case OP.MARK:
          this.stack.mark();
          break;
        case OP.TUPLE:
          this.stack.push(new TupleNode(at, this.stack.popMark()));
          break;
        case OP.TUPLE1:
        case OP.TUPLE2:
        case OP.TUPLE3:
          this.stack.push(new TupleNode(at, this.stack.popMany(op - OP.TUPLE1 + 1)));
          break;
        case OP.LIST:
          this.stack.push(new ListNode(at, this.stack.popMark()));
          break;
        case OP.DICT: {
          const dict = new DictNode(at);
          this.setItems(dict, this.stack.popMark());
          this.stack.push(dict);
          break;
        }
        case OP.FROZENSET:
          this.stack.push(new SetNode(at, this.stack.popMark(), true));
          break;
        case OP.APPEND: {
          const item = this.stack.pop();
          this.listOnTop().items.push(item);
          break;
        }
        case OP.APPENDS: {
          const items = this.stack.popMark();
          const list = this.listOnTop();
          for (const item of items) list.items.push(item);
          break;
        }
        case OP.SETITEM: {
          const pair = this.stack.popMany(2);
          this.setItems(this.dictOnTop(), pair);
          break;
        }
        case OP.SETITEMS: {
          const pairs = this.stack.popMark();
          this.setItems(this.dictOnTop(), pairs);
          break;
        }
        case OP.ADDITEMS: {
          const items = this.stack.popMark();
          const set = this.stack.top();
          if (!(set instanceof SetNode) || set.isFrozen) this.misuse(set);
          for (const item of items) set.items.push(item);
          break;
        }
        case OP.POP:
          this.stack.discard();
          break;
        case OP.POP_MARK:
          this.stack.popMark();
          break;
        case OP.DUP:
          this.stack.push(this.stack.top());
          break;
        case OP.MEMOIZE:
          this.stack.put();
          break;
        case OP.BINPUT:
          this.stack.put(input.u8());
          break;
        case OP.LONG_BINPUT:
          this.stack.put(input.u32());
          break;
        case OP.BINGET:
          this.stack.get(input.u8());
          break;
        case OP.LONG_BINGET:
          this.stack.get(input.u32());
          break;
        case OP.GLOBAL: {
          const module = input.line();
          this.stack.push(this.global(module, input.line()));
          break;
        }
        case OP.STACK_GLOBAL: {
          const [module, name] = this.stack.popMany(2);
          if (typeof module !== "string" || typeof name !== "string") input.refuse(`pickle's STACK_GLOBAL at byte ${at} names a class with something other than two str`);
          this.stack.push(this.global(module, name));
          break;
        }
        case OP.REDUCE:
        case OP.NEWOBJ: {
          const [callable, args] = this.stack.popMany(2);
          this.stack.push(this.call(op === OP.REDUCE ? "reduce" : "newObject", callable ?? null, args ?? null));
          break;
        }
        case OP.BUILD: {
          const state = this.stack.pop();
          const target = this.stack.top();
          if (target instanceof NdarrayNode) buildNdarray(target, state, this.context());
          else if (target instanceof DtypeNode) buildDtype(target, state, this.context());
          else if (target instanceof RecordNode) buildRecord(target, state, this.context());
          else input.refuse(`pickle sets the state of ${describeNode(target)} at byte ${at} (BUILD), which Verity does not read`);
          break;
        }
        default:
          input.refuse(
            isOpcode(op)
              ? `pickle uses opcode ${describeOpcode(op)} at byte ${at}, which Verity does not read`
              : `pickle has ${describeOpcode(op)} at byte ${at}: it is not a pickle, or a corrupt one`,
          );
      }
    }
  }

  private context(): ReadContext {
    return { offset: this.input.opcodeOffset, refuse: (reason) => this.input.refuse(reason) };
  }

  private misuse(target: Node): never {
    this.input.refuse(`pickle's ${describeOpcode(this.input.opcode)} at byte ${this.input.opcodeOffset} adds to ${describeNode(target)}`);
  }

  private listOnTop(): ListNode {
    const target = this.stack.top();
    return target instanceof ListNode ? target : this.misuse(target);
  }

  private dictOnTop(): DictNode {
    const target = this.stack.top();
    return target instanceof DictNode ? target : this.misuse(target);
  }

  private setItems(dict: DictNode, flat: readonly Node[]): void {
    if (flat.length % 2 !== 0) this.input.refuse(`pickle's ${describeOpcode(this.input.opcode)} at byte ${this.input.opcodeOffset} has a key without a value`);
    for (let i = 0; i < flat.length; i += 2) {
      const key = flat[i]!;
      // As in Python, a key must be hashable: no list, dict, set or array.
      if (key instanceof ListNode || key instanceof DictNode || key instanceof NdarrayNode || (key instanceof SetNode && !key.isFrozen)) {
        this.input.refuse(`pickle uses ${describeNode(key)} as a dict key at byte ${this.input.opcodeOffset}`);
      }
      dict.keys.push(key);
      dict.values.push(flat[i + 1]!);
    }
  }

  private global(module: string, name: string): GlobalNode {
    const qualifiedName = `${module}.${name}`;
    if (!this.allow.has(qualifiedName)) {
      this.input.refuse(`pickle names class \`${printable(qualifiedName)}\` at byte ${this.input.opcodeOffset}, which Verity does not read`);
    }
    return new GlobalNode(this.input.opcodeOffset, qualifiedName);
  }

  private call(kind: "reduce" | "newObject", callable: Node, args: Node): Node {
    const at = this.input.opcodeOffset;
    if (!(callable instanceof GlobalNode) || !isKnownGlobal(callable.qualifiedName)) {
      this.input.refuse(`pickle calls ${describeNode(callable)} at byte ${at}, which Verity does not read`);
    }
    const read = readerOf(callable.qualifiedName)[kind];
    if (!read || !(args instanceof TupleNode)) {
      this.input.refuse(`pickle uses \`${callable.qualifiedName}\` at byte ${at} (${describeOpcode(this.input.opcode)}) in a way Verity does not read`);
    }
    return read(args.items, this.context());
  }
}

/** A class name as a refusal quotes it: at most 200 characters, control characters shown as "?". */
function printable(name: string): string {
  const clean = name.replace(/[\x00-\x1f\x7f-\x9f]/g, "?");
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}
