// AndroidLab's compressed view of a dump, `xml/<turn>_compressed_xml.txt`: the text the XML
// agent was shown (UIXMLTree.process(level=1, str_type="plain_text"), json_recoder.py
// L11-25, as described in the androidlab-run fixture's FORMAT.md §6). After the header
// "The current screenshot's description is shown:" each kept node is a line
// `[nXXXX] <Class >;<actions >; <states >;<extra>;<text >< content-desc >: ` then an indented
// `bounds: [x1,y1][x2,y2]` line, 4 spaces per level.
import { parseAndroidBounds } from "@/lib/ui-tree/android-xml";
import { assignIds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";

export const COMPRESSED_HEADER = "The current screenshot's description is shown:";
const NODE = /^( *)\[(n[0-9a-f]{4})\]\s?(.*)$/;
const BOUNDS_LINE = /^\s*bounds:\s*(\[.*)$/;

function nodeOf(id: string, rest: string): DraftNode {
  const [cls = "", actions = "", states = "", extra = "", ...textParts] = rest.split(";");
  const text = textParts.join(";").replace(/\s*:\s*$/, "").trim();
  const detail = [id, actions.trim(), states.trim(), extra.trim().replace(/,$/, "")].filter(Boolean).join(" ");
  // The compressor drops the class of plain containers (View, FrameLayout, ...).
  return { role: cls.trim() || "View", text, detail, bounds: null, children: [] };
}

export function parseAndroidLabCompressed(text: string): ParseResult {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (!lines[0]?.trim().startsWith(COMPRESSED_HEADER)) return { ok: false, message: `This is not AndroidLab's compressed tree: the first line is not "${COMPRESSED_HEADER}".` };
  const roots: DraftNode[] = [];
  // Open nodes by indent: a line belongs under the nearest open node with less indent.
  const open: { indent: number; node: DraftNode }[] = [];
  let last: DraftNode | null = null;
  for (const [i, line] of lines.entries()) {
    if (i === 0 || !line.trim()) continue;
    const bounds = BOUNDS_LINE.exec(line);
    if (bounds) {
      if (last) last.bounds = parseAndroidBounds(bounds[1]);
      continue;
    }
    const m = NODE.exec(line);
    if (!m) return { ok: false, message: `Line ${i + 1} of the compressed tree is neither a node nor its bounds: "${line.trim().slice(0, 80)}".` };
    const node = nodeOf(m[2]!, m[3]!);
    const indent = m[1]!.length;
    while (open.length && open.at(-1)!.indent >= indent) open.pop();
    (open.at(-1)?.node.children ?? roots).push(node);
    open.push({ indent, node });
    last = node;
  }
  return { ok: true, tree: { format: "androidlab-compressed", roots: assignIds(roots) } };
}
