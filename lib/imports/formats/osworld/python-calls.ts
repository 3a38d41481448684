// Reads the Python an OSWorld agent wrote for the pyautogui action space into a list of calls
// with literal arguments, WITHOUT executing anything. Only a tiny subset is accepted: `import`
// lines, calls `name.attr(...)` whose arguments are literals (numbers, strings, True / False /
// None, tuples and lists of those), config assignments to `pyautogui.<NAME>`, `pass`, comments
// and a bare string (Python evaluates it and throws it away: UI-TARS' OSWorld adapter opens
// every step's code with a `'''Observation: ... Thought: ...'''` string), separated by
// newlines or `;`. Anything else (a variable, arithmetic, a loop, an
// f-string, a call inside an argument) makes the whole code unreadable: it is kept raw and
// reported, never guessed at, because a partly read program says nothing reliable about
// what it did.
export type Literal = number | string | boolean | null | Literal[];

export type PythonCall = { kind: "call"; name: string; args: Literal[]; kwargs: Record<string, Literal> };
export type PythonImport = { kind: "import"; module: string; alias: string };
export type PythonStatement = PythonCall | PythonImport | { kind: "config"; name: string };

export type ReadCode = { ok: true; statements: PythonStatement[] } | { ok: false; reason: string };

type Token =
  | { t: "name"; v: string }
  | { t: "num"; v: number }
  | { t: "str"; v: string }
  | { t: "op"; v: string }
  | { t: "end" };

class Unreadable extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0", a: "\x07", b: "\b", f: "\f", v: "\v" };

function unescape(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i === body.length - 1) {
      out += c;
      continue;
    }
    const next = body[++i]!;
    if (next in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[next];
    else if (next === "\n") continue; // a backslash-newline joins the lines
    else if (next === "x" && /^[0-9a-fA-F]{2}$/.test(body.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += `\\${next}`; // Python keeps an unknown escape as written
  }
  return out;
}

function readString(code: string, start: number, prefix: string): { value: string; end: number } {
  if (/[fb]/i.test(prefix)) throw new Unreadable(`a ${prefix}-string is an expression, not a literal`);
  const isRaw = /r/i.test(prefix);
  const quote = code[start]!;
  const triple = code.startsWith(quote.repeat(3), start);
  const delimiter = triple ? quote.repeat(3) : quote;
  let i = start + delimiter.length;
  while (i < code.length) {
    if (code[i] === "\\") {
      i += 2;
      continue;
    }
    // Python refuses the whole program (SyntaxError), so none of it ran.
    if (!triple && code[i] === "\n") throw new Unreadable("a string is not closed on its line, which Python refuses (SyntaxError): none of the code ran");
    if (code.startsWith(delimiter, i)) {
      const body = code.slice(start + delimiter.length, i);
      return { value: isRaw ? body : unescape(body), end: i + delimiter.length };
    }
    i += 1;
  }
  throw new Unreadable("a string is not closed");
}

const NUMBER = /^(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === "#") {
      while (i < code.length && code[i] !== "\n") i += 1;
      continue;
    }
    if (c === "\\" && code[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === "\n") {
      // Inside brackets a newline continues the statement, as in Python.
      if (depth === 0) tokens.push({ t: "op", v: ";" });
      i += 1;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i += 1;
      continue;
    }
    const rest = code.slice(i);
    const prefixed = /^([rRuUbBfF]{1,2})(['"])/.exec(rest);
    if (c === "'" || c === '"' || prefixed) {
      const prefix = prefixed ? prefixed[1]! : "";
      const { value, end } = readString(code, i + prefix.length, prefix);
      tokens.push({ t: "str", v: value });
      i = end;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number && /[\d.]/.test(c)) {
      tokens.push({ t: "num", v: Number(number[0].replace(/_/g, "")) });
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ t: "name", v: name[0] });
      i += name[0].length;
      continue;
    }
    if ("([".includes(c)) depth += 1;
    if (")]".includes(c)) depth -= 1;
    if ("()[],;=.-".includes(c)) {
      tokens.push({ t: "op", v: c });
      i += 1;
      continue;
    }
    throw new Unreadable(`the character ${JSON.stringify(c)} is not part of a plain call`);
  }
  tokens.push({ t: "end" });
  return tokens;
}

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(): Token {
    return this.tokens[this.at]!;
  }
  next(): Token {
    return this.tokens[this.at++]!;
  }
  isOp(v: string): boolean {
    const t = this.peek();
    return t.t === "op" && t.v === v;
  }
  expectOp(v: string): void {
    const t = this.next();
    if (t.t !== "op" || t.v !== v) throw new Unreadable(`expected "${v}", found ${describe(t)}`);
  }
  name(): string {
    const t = this.next();
    if (t.t !== "name") throw new Unreadable(`expected a name, found ${describe(t)}`);
    return t.v;
  }
}

function describe(t: Token): string {
  if (t.t === "end") return "the end of the code";
  if (t.t === "str") return "a string";
  return JSON.stringify(String(t.v));
}

function literal(r: Reader): Literal {
  const t = r.next();
  if (t.t === "num" || t.t === "str") return t.v;
  if (t.t === "op" && t.v === "-") {
    const n = r.next();
    if (n.t !== "num") throw new Unreadable("a minus sign must precede a number");
    return -n.v;
  }
  if (t.t === "name") {
    if (t.v === "True") return true;
    if (t.v === "False") return false;
    if (t.v === "None") return null;
    throw new Unreadable(`the argument ${t.v} is a variable, not a literal`);
  }
  if (t.t === "op" && (t.v === "(" || t.v === "[")) {
    const close = t.v === "(" ? ")" : "]";
    const items: Literal[] = [];
    while (!r.isOp(close)) {
      items.push(literal(r));
      if (!r.isOp(close)) r.expectOp(",");
    }
    r.expectOp(close);
    return items;
  }
  throw new Unreadable(`expected a literal argument, found ${describe(t)}`);
}

function afterLiteral(r: Reader): void {
  // A literal followed by anything but "," or ")" is an expression (`100 + 20`, `x[0]`).
  if (!r.isOp(",") && !r.isOp(")")) throw new Unreadable(`an argument is an expression, not a literal (found ${describe(r.peek())})`);
}

function call(r: Reader, name: string): PythonCall {
  const args: Literal[] = [];
  const kwargs: Record<string, Literal> = {};
  r.expectOp("(");
  while (!r.isOp(")")) {
    const t = r.peek();
    if (t.t === "name" && !["True", "False", "None"].includes(t.v)) {
      r.next();
      r.expectOp("=");
      kwargs[t.v] = literal(r);
    } else {
      if (Object.keys(kwargs).length) throw new Unreadable("a positional argument follows a keyword argument");
      args.push(literal(r));
    }
    afterLiteral(r);
    if (!r.isOp(")")) r.expectOp(",");
  }
  r.expectOp(")");
  return { kind: "call", name, args, kwargs };
}

const KEYWORDS = new Set(["if", "elif", "else", "for", "while", "def", "class", "with", "try", "except", "finally", "return", "lambda", "global", "del", "raise", "assert", "yield", "async", "await"]);

function statement(r: Reader): PythonStatement[] {
  if (r.peek().t === "str") {
    // Adjacent strings are one string in Python; followed by anything else it is an expression.
    while (r.peek().t === "str") r.next();
    return [];
  }
  const first = r.name();
  if (first === "pass") return [];
  if (KEYWORDS.has(first)) throw new Unreadable(`a \`${first}\` statement is not a plain call`);
  if (first === "import") {
    const imports: PythonImport[] = [];
    do {
      if (r.isOp(",")) r.next();
      const module = r.name();
      let alias = module;
      const t = r.peek();
      if (t.t === "name" && t.v === "as") {
        r.next();
        alias = r.name();
      }
      imports.push({ kind: "import", module, alias });
    } while (r.isOp(","));
    return imports;
  }
  if (first === "from") throw new Unreadable("`from ... import` statements are not read");
  let name = first;
  while (r.isOp(".")) {
    r.next();
    name += `.${r.name()}`;
  }
  if (r.isOp("=")) {
    r.next();
    try {
      literal(r);
    } catch {
      throw new Unreadable(`\`${name} = ...\` assigns a value computed by code`);
    }
    return [{ kind: "config", name }];
  }
  if (!r.isOp("(")) throw new Unreadable(`\`${name}\` is not called (found ${describe(r.peek())})`);
  return [call(r, name)];
}

export function readPythonCalls(code: string): ReadCode {
  try {
    const r = new Reader(tokenize(code));
    const statements: PythonStatement[] = [];
    for (;;) {
      while (r.isOp(";")) r.next();
      if (r.peek().t === "end") break;
      statements.push(...statement(r));
      if (r.peek().t !== "end") r.expectOp(";");
    }
    return { ok: true, statements };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: error.message };
    throw error;
  }
}
