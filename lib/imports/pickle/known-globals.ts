// The class and function names a pickle may use, and what each one means. A pickle builds
// anything that is not a plain value by naming a callable (GLOBAL / STACK_GLOBAL) and calling it
// (REDUCE / NEWOBJ); Python's unpickler imports and runs it, which is how a pickle runs code.
// Verity never calls anything: a name means only what this table says it means, a name not in
// the table cannot be allowed at all, and a caller allows only the groups it expects (a
// UI-Venus trajectory: numpy). Python's own spellings are always read: they are the ways the
// standard pickler writes plain values that have no opcode of their own: bytes in
// protocol 2 (`_codecs.encode(latin1_str, 'latin1')`, `__builtin__.bytes()` when empty),
// bytearray before protocol 5, set and frozenset before protocol 4, and OrderedDict.
// `__builtin__` is protocol 2's spelling of `builtins` (Python's _compat_pickle maps it).
import {
  DictNode,
  ListNode,
  SetNode,
  TupleNode,
  describeNode,
  type Node,
  type ReadContext,
} from "@/lib/imports/pickle/pickle-nodes";
import { latin1Bytes, reduceDtype, reduceFromBuffer, reduceNdarray, reduceScalar } from "@/lib/imports/pickle/numpy-values";
import { newRecord } from "@/lib/imports/pickle/record-values";

type Reader = {
  /** REDUCE: `callable(*args)`. */
  reduce?: (args: readonly Node[], ctx: ReadContext) => Node;
  /** NEWOBJ: `cls.__new__(cls, *args)`. */
  newObject?: (args: readonly Node[], ctx: ReadContext) => Node;
};

export const PYTHON_VALUE_GLOBALS = [
  "_codecs.encode",
  "builtins.bytes",
  "__builtin__.bytes",
  "builtins.bytearray",
  "__builtin__.bytearray",
  "builtins.set",
  "__builtin__.set",
  "builtins.frozenset",
  "__builtin__.frozenset",
  "collections.OrderedDict",
] as const;

export const NUMPY_GLOBALS = [
  "numpy.ndarray",
  "numpy.dtype",
  "numpy.core.multiarray._reconstruct",
  "numpy._core.multiarray._reconstruct",
  "numpy.core.multiarray.scalar",
  "numpy._core.multiarray.scalar",
  "numpy.core.numeric._frombuffer",
  "numpy._core.numeric._frombuffer",
] as const;

export const DATETIME_GLOBALS = ["datetime.datetime"] as const;

// AndroidWorld's episode data (google-research/android_world @ d9c569f): M3A / T3A / SeeAct
// keep JSONAction (env/json_action.py L80-115), the screen's UIElements with their
// BoundingBoxes (env/representation_utils.py L23-77) and SeeAct's SeeActAction / SeeActElement
// (agents/seeact_utils.py L335-442), all plain dataclasses: read as records of their fields.
export const ANDROID_WORLD_RECORD_GLOBALS = [
  "android_world.env.json_action.JSONAction",
  "android_world.env.representation_utils.UIElement",
  "android_world.env.representation_utils.BoundingBox",
  "android_world.agents.seeact_utils.SeeActAction",
  "android_world.agents.seeact_utils.SeeActElement",
] as const;

// The GPT-4 client of AndroidWorld's agents (agents/infer.py L317-327) keeps the whole
// `requests` Response as the step's raw response; its pickled state is plain attributes
// (Response.__getstate__, the others by default) and a timedelta, read as seconds.
export const REQUESTS_RESPONSE_GLOBALS = [
  "requests.models.Response",
  "requests.models.PreparedRequest",
  "requests.structures.CaseInsensitiveDict",
  "requests.cookies.RequestsCookieJar",
  "http.cookiejar.DefaultCookiePolicy",
  "datetime.timedelta",
] as const;

export type KnownGlobal =
  | (typeof PYTHON_VALUE_GLOBALS)[number]
  | (typeof NUMPY_GLOBALS)[number]
  | (typeof DATETIME_GLOBALS)[number]
  | (typeof ANDROID_WORLD_RECORD_GLOBALS)[number]
  | (typeof REQUESTS_RESPONSE_GLOBALS)[number];

const set = (isFrozen: boolean): Reader => ({
  reduce: (args, ctx) => new SetNode(ctx.offset, args.length === 0 ? [] : [...sequenceItems(args[0] ?? null, ctx)], isFrozen),
});

const bytes: Reader = {
  reduce: (args, ctx) => (args.length === 0 ? Buffer.alloc(0) : ctx.refuse(`pickle calls bytes() with arguments at byte ${ctx.offset}`)),
};

const bytearray: Reader = {
  reduce: ([data, encoding], ctx) => {
    if (data === undefined) return Buffer.alloc(0);
    if (data instanceof Uint8Array && encoding === undefined) return Buffer.from(data);
    if (typeof data === "string" && isLatin1Name(encoding)) return latin1Bytes(data, ctx);
    return ctx.refuse(`pickle calls bytearray() with ${describeNode(data)} at byte ${ctx.offset}`);
  },
};

const orderedDict: Reader = {
  reduce: (args, ctx) => dictFromPairs(args, ctx),
  newObject: (args, ctx) => dictFromPairs(args, ctx),
};

// ndarray is only ever the first argument of _reconstruct: it has no reader of its own.
const READERS: Record<KnownGlobal, Reader> = {
  "_codecs.encode": {
    reduce: ([text, encoding], ctx) => {
      if (typeof text === "string" && isLatin1Name(encoding)) return latin1Bytes(text, ctx);
      return ctx.refuse(`pickle calls _codecs.encode with arguments other than a str and 'latin1' at byte ${ctx.offset}`);
    },
  },
  "builtins.bytes": bytes,
  "__builtin__.bytes": bytes,
  "builtins.bytearray": bytearray,
  "__builtin__.bytearray": bytearray,
  "builtins.set": set(false),
  "__builtin__.set": set(false),
  "builtins.frozenset": set(true),
  "__builtin__.frozenset": set(true),
  "collections.OrderedDict": orderedDict,
  "numpy.ndarray": {},
  "numpy.dtype": { reduce: reduceDtype },
  "numpy.core.multiarray._reconstruct": { reduce: reduceNdarray },
  "numpy._core.multiarray._reconstruct": { reduce: reduceNdarray },
  "numpy.core.multiarray.scalar": { reduce: reduceScalar },
  "numpy._core.multiarray.scalar": { reduce: reduceScalar },
  "numpy.core.numeric._frombuffer": { reduce: reduceFromBuffer },
  "numpy._core.numeric._frombuffer": { reduce: reduceFromBuffer },
  "datetime.datetime": { reduce: reduceDatetime },
  "android_world.env.json_action.JSONAction": record("android_world.env.json_action.JSONAction"),
  "android_world.env.representation_utils.UIElement": record("android_world.env.representation_utils.UIElement"),
  "android_world.env.representation_utils.BoundingBox": record("android_world.env.representation_utils.BoundingBox"),
  "android_world.agents.seeact_utils.SeeActAction": record("android_world.agents.seeact_utils.SeeActAction"),
  "android_world.agents.seeact_utils.SeeActElement": record("android_world.agents.seeact_utils.SeeActElement"),
  "requests.models.Response": record("requests.models.Response"),
  "requests.models.PreparedRequest": record("requests.models.PreparedRequest"),
  "requests.structures.CaseInsensitiveDict": record("requests.structures.CaseInsensitiveDict"),
  "requests.cookies.RequestsCookieJar": record("requests.cookies.RequestsCookieJar"),
  "http.cookiejar.DefaultCookiePolicy": record("http.cookiejar.DefaultCookiePolicy"),
  "datetime.timedelta": { reduce: reduceTimedelta },
};

function record(className: string): Reader {
  return { newObject: newRecord(className) };
}

/** timedelta(days, seconds, microseconds) (datetime.py __reduce__) -> its total seconds. */
function reduceTimedelta(args: readonly Node[], ctx: ReadContext): number {
  if (args.length !== 3 || !args.every((a) => typeof a === "number" && Number.isInteger(a))) {
    ctx.refuse(`pickle builds a timedelta from something other than three int at byte ${ctx.offset}`);
  }
  const [days, seconds, micro] = args as number[];
  return days! * 86_400 + seconds! + micro! / 1e6;
}

export function isKnownGlobal(name: string): name is KnownGlobal {
  return Object.hasOwn(READERS, name);
}

export function readerOf(name: KnownGlobal): Reader {
  return READERS[name];
}

function isLatin1Name(encoding: Node | undefined): boolean {
  return encoding === "latin1" || encoding === "latin-1";
}

function sequenceItems(node: Node, ctx: ReadContext): readonly Node[] {
  if (node instanceof ListNode || node instanceof TupleNode) return node.items;
  ctx.refuse(`pickle builds a set from ${describeNode(node)} at byte ${ctx.offset}`);
}

/** OrderedDict() from Python 3 (filled by SETITEMS after), or OrderedDict([[k, v], ...]) from Python 2. */
function dictFromPairs(args: readonly Node[], ctx: ReadContext): DictNode {
  const dict = new DictNode(ctx.offset);
  if (args.length === 0) return dict;
  for (const pair of sequenceItems(args[0] ?? null, ctx)) {
    const items = pair instanceof ListNode || pair instanceof TupleNode ? pair.items : [];
    if (items.length !== 2) ctx.refuse(`pickle builds an OrderedDict from something other than pairs at byte ${ctx.offset}`);
    dict.keys.push(items[0]!);
    dict.values.push(items[1]!);
  }
  return dict;
}

/** datetime(state_bytes): Python's 10-byte state (datetime.py, __reduce__ / __setstate), naive only. */
function reduceDatetime(args: readonly Node[], ctx: ReadContext): string {
  const [state, tzinfo] = args;
  if (args.length > 2 || (tzinfo !== undefined && tzinfo !== null)) ctx.refuse(`pickle has a datetime with a time zone at byte ${ctx.offset}, which Verity does not read`);
  const b = typeof state === "string" ? latin1Bytes(state, ctx) : state;
  if (!(b instanceof Uint8Array) || b.length !== 10) ctx.refuse(`pickle builds a datetime from ${describeNode(state ?? null)} at byte ${ctx.offset}`);
  // The high bit of the month byte is `fold`, which a naive ISO string does not show.
  const [year, month, day, hour, minute, second] = [b[0]! * 256 + b[1]!, b[2]! & 0x7f, b[3]!, b[4]!, b[5]!, b[6]!];
  const micro = (b[7]! << 16) | (b[8]! << 8) | b[9]!;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59 || micro > 999_999) {
    ctx.refuse(`pickle has a datetime that is not a valid date and time at byte ${ctx.offset}`);
  }
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const time = `${pad(hour)}:${pad(minute)}:${pad(second)}${micro ? `.${pad(micro, 6)}` : ""}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${time}`;
}
