// OSWorld's linearized accessibility tree, the table its agents are prompted with
// (mm_agents linearize_accessibility_tree): a header
// "tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)" and one
// tab-separated row per kept node, without nesting. Position and size are "(x, y)" and
// "(w, h)" in screen pixels.
import { assignIds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";
import { boxFromPosition, pair } from "@/lib/ui-tree/osworld-xml";

export const TABLE_HEADER = /^tag\tname\ttext\tclass\tdescription\tposition/;

export function parseOsworldTable(text: string): ParseResult {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (!TABLE_HEADER.test(lines[0] ?? "")) return { ok: false, message: "This is not OSWorld's accessibility table: the first line is not its header (tag, name, text, class, description, position, size)." };
  const roots: DraftNode[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split("\t");
    // Text may hold tabs; position and size are always the last two cells.
    const [tag = "", name = "", ...middle] = cells.slice(0, -2);
    const [position, size] = cells.slice(-2);
    const text = middle.slice(0, Math.max(0, middle.length - 2)).join("\t").replace(/^"(.*)"$/s, "$1").replace(/""/g, '"');
    const [cls = "", description = ""] = middle.slice(-2);
    roots.push({
      role: tag,
      text: [name, text].filter((t) => t.trim()).filter((t, i, all) => all.indexOf(t) === i).join(" · "),
      detail: [cls, description].filter((t) => t.trim()).join(" "),
      bounds: boxFromPosition(pair(position), pair(size)),
      children: [],
    });
  }
  return { ok: true, tree: { format: "osworld-table", roots: assignIds(roots) } };
}
