// uiautomator XML as AndroidLab saves it in `xml/<turn>.xml` (one line: `<hierarchy
// rotation="0"><node ... bounds="[x1,y1][x2,y2]">`; see the androidlab-run fixture's FORMAT.md
// §6) and as other Android dumps write it. Bounds are device pixels, which are the
// screenshot's pixels for an unscaled screencap.
import { assignIds, validBounds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";
import { parseXmlElements, type XmlElement } from "@/lib/ui-tree/xml-elements";

const BOUNDS = /^\s*\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]\s*$/;

export function parseAndroidBounds(value: string | undefined) {
  const m = value ? BOUNDS.exec(value) : null;
  return m ? validBounds(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])) : null;
}

// The states a reviewer checks a tap against; false ones are the default and left out.
const FLAGS = ["clickable", "long-clickable", "scrollable", "checkable", "checked", "selected", "focused", "password"] as const;

function draft(element: XmlElement): DraftNode {
  const a = element.attrs;
  const role = (a.class ?? element.tag).split(".").at(-1) || element.tag;
  const text = [a.text, a["content-desc"]].filter((t) => t && t.trim()).join(" · ");
  const flags = FLAGS.filter((f) => a[f] === "true");
  const detail = [a["resource-id"] ? a["resource-id"].replace(/^[\w.]+:id\//, "#") : "", ...flags].filter(Boolean).join(" ");
  return { role, text, detail, bounds: parseAndroidBounds(a.bounds), children: element.children.map(draft) };
}

export function parseAndroidXml(xml: string): ParseResult {
  const parsed = parseXmlElements(xml);
  if (!parsed.ok) return parsed;
  const hierarchy = parsed.roots.find((r) => r.tag === "hierarchy");
  if (!hierarchy) return { ok: false, message: "This is not a uiautomator dump: it has no <hierarchy> element." };
  return { ok: true, tree: { format: "android-xml", roots: assignIds(hierarchy.children.map(draft)) } };
}
