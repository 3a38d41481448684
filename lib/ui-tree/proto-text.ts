// Protocol-buffer text format (what Python's `print(message)` / `text_format.MessageToString`
// writes) to plain objects: `name: value` scalars, `name { ... }` messages (also `name: {`),
// repeated fields as arrays. Only what a dump of a message needs: strings in double or single
// quotes with C escapes, numbers, identifiers (true/false, enum names); comments after `#`.
// Every field is an array here, since the text does not say which ones repeat.
export type ProtoTextMessage = { [field: string]: (string | number | boolean | ProtoTextMessage)[] };

type Token = { kind: "name" | "string" | "number" | "punct"; value: string; line: number };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "'": "'", "\\": "\\" };

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let line = 1;
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "\n") { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === "#") { while (i < text.length && text[i] !== "\n") i++; continue; }
    if ("{}:<>;,".includes(c)) { tokens.push({ kind: "punct", value: c === "<" ? "{" : c === ">" ? "}" : c, line }); i++; continue; }
    if (c === '"' || c === "'") {
      // Python writes non-ASCII text as octal escapes of its UTF-8 bytes (\342\200\221), so
      // the string is gathered as bytes and decoded once.
      const bytes: number[] = [];
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] !== "\\") {
          const point = text.codePointAt(j)!;
          bytes.push(...encoder.encode(String.fromCodePoint(point)));
          if (point > 0xffff) j++;
          continue;
        }
        const octal = /^[0-7]{1,3}/.exec(text.slice(j + 1, j + 4));
        const hex = /^x([0-9a-fA-F]{1,2})/.exec(text.slice(j + 1, j + 4));
        if (octal) { bytes.push(parseInt(octal[0], 8)); j += octal[0].length; }
        else if (hex) { bytes.push(parseInt(hex[1]!, 16)); j += hex[0].length; }
        else { bytes.push(...encoder.encode(ESCAPES[text[j + 1] ?? ""] ?? text[j + 1] ?? "")); j++; }
      }
      if (j >= text.length) return `an unterminated string at line ${line}`;
      tokens.push({ kind: "string", value: decoder.decode(new Uint8Array(bytes)), line });
      i = j + 1;
      continue;
    }
    const word = /^[-+]?[\w.]+/.exec(text.slice(i));
    if (!word) return `an unexpected "${c}" at line ${line}`;
    tokens.push({ kind: /^[-+]?(\d|\.\d)/.test(word[0]) ? "number" : "name", value: word[0], line });
    i += word[0].length;
  }
  return tokens;
}

export function parseProtoText(text: string): { ok: true; message: ProtoTextMessage } | { ok: false; message: string } {
  const tokenized = tokenize(text);
  if (typeof tokenized === "string") return { ok: false, message: `The text-format message has ${tokenized}.` };
  const tokens: Token[] = tokenized;
  let at = 0;
  function message(isNested: boolean): ProtoTextMessage | string {
    const out: ProtoTextMessage = {};
    while (at < tokens.length) {
      const token = tokens[at]!;
      if (token.kind === "punct" && token.value === "}") {
        if (!isNested) return `an unmatched "}" at line ${token.line}`;
        at++;
        return out;
      }
      if (token.kind === "punct" && (token.value === ";" || token.value === ",")) { at++; continue; }
      if (token.kind !== "name") return `a field name expected at line ${token.line}`;
      at++;
      if (tokens[at]?.value === ":") at++;
      const value = tokens[at];
      if (!value) return `no value for ${token.value} at the end`;
      let parsed: ProtoTextMessage[string][number];
      if (value.kind === "punct" && value.value === "{") {
        at++;
        const inner = message(true);
        if (typeof inner === "string") return inner;
        parsed = inner;
      } else if (value.kind === "string") {
        // Adjacent strings concatenate, as in C.
        let joined = value.value;
        while (tokens[at + 1]?.kind === "string") joined += tokens[++at]!.value;
        parsed = joined;
        at++;
      } else if (value.kind === "number") {
        parsed = Number(value.value);
        at++;
      } else if (value.kind === "name") {
        parsed = value.value === "true" ? true : value.value === "false" ? false : value.value;
        at++;
      } else return `a value expected for ${token.value} at line ${value.line}`;
      (out[token.value] ??= []).push(parsed);
    }
    return isNested ? "a message left open at the end" : out;
  }
  const result = message(false);
  return typeof result === "string" ? { ok: false, message: `The text-format message has ${result}.` } : { ok: true, message: result };
}
