// XML to a plain element tree (tag, attributes, text, children in document order) with
// fast-xml-parser, which runs in the browser and in Node. Malformed XML is refused with the
// parser's line and column rather than shown half-read.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlElement = { tag: string; attrs: Record<string, string>; text: string; children: XmlElement[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

function toElement(entry: Ordered): XmlElement | null {
  const tag = Object.keys(entry).find((k) => k !== ":@" && k !== "#text");
  if (!tag) return null;
  const body = (entry[tag] as Ordered[]) ?? [];
  const text = body.map((b) => (typeof b["#text"] === "string" || typeof b["#text"] === "number" ? String(b["#text"]) : "")).join("").trim();
  const children = body.map(toElement).filter((e): e is XmlElement => e !== null);
  return { tag, attrs: entry[":@"] ?? {}, text, children };
}

export function parseXmlElements(xml: string): { ok: true; roots: XmlElement[] } | { ok: false; message: string } {
  const checked = XMLValidator.validate(xml);
  if (checked !== true) return { ok: false, message: `The XML is malformed at line ${checked.err.line}, column ${checked.err.col}: ${checked.err.msg}` };
  const ordered = parser.parse(xml) as Ordered[];
  return { ok: true, roots: ordered.map(toElement).filter((e): e is XmlElement => e !== null) };
}
