// OSWorld's accessibility tree (desktop_env server, `/accessibility`): AT-SPI nodes as XML
// elements named by role, with the accessible name in `name`, the text as element text, and
// the on-screen box in the component namespace as `screencoord="(x, y)"` and `size="(w, h)"`
// (set only for visible, showing nodes). Those are screen pixels, which are the screenshot's.
import { assignIds, validBounds, type Bounds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";
import { parseXmlElements, type XmlElement } from "@/lib/ui-tree/xml-elements";

const PAIR = /^\s*\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)\s*$/;

export function pair(value: string | undefined): [number, number] | null {
  const m = value ? PAIR.exec(value) : null;
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** An AT-SPI box from its top-left and size; (-1, -1) and empty sizes mean "not on screen". */
export function boxFromPosition(position: [number, number] | null, size: [number, number] | null): Bounds | null {
  if (!position || !size || position[0] < 0 || position[1] < 0) return null;
  return validBounds(position[0], position[1], position[0] + size[0], position[1] + size[1]);
}

// Attributes keep their namespace prefix in the file (`cp:screencoord`); the prefix is the
// file's choice, so the local name decides.
function attr(a: Record<string, string>, local: string): string | undefined {
  const key = Object.keys(a).find((k) => k === local || k.endsWith(`:${local}`));
  return key ? a[key] : undefined;
}

function draft(element: XmlElement): DraftNode {
  const a = element.attrs;
  const role = element.tag.includes(":") ? element.tag.split(":").at(-1)! : element.tag;
  const text = [a.name, element.text].filter((t) => t && t.trim()).filter((t, i, all) => all.indexOf(t) === i).join(" · ");
  const states = ["focused", "selected", "checked"].filter((s) => attr(a, s) === "true");
  return { role, text, detail: states.join(" "), bounds: boxFromPosition(pair(attr(a, "screencoord")), pair(attr(a, "size"))), children: element.children.map(draft) };
}

export function parseOsworldXml(xml: string): ParseResult {
  const parsed = parseXmlElements(xml);
  if (!parsed.ok) return parsed;
  if (parsed.roots.length === 0) return { ok: false, message: "The accessibility tree is empty." };
  // The document element is the desktop frame; its children are the applications.
  return { ok: true, tree: { format: "osworld-xml", roots: assignIds(parsed.roots.map(draft)) } };
}
