// Web observations without boxes. WebVoyager's element list (`[N]: <tag> "text";`, read by
// observationElements) names elements by the number drawn on the screenshot; its
// accessibility-tree text (`accessibility_tree{it}.txt`, WebArena's format: one node a line,
// a tab per level, `[id] role 'name' prop: value`) names them by role and name. Neither
// records where an element is, so these nodes have no bounds: they are listed and searched,
// never outlined or snapped to.
import { observationElements } from "@/lib/ui-tree/observation-elements";
import { assignIds, type DraftNode, type ParseResult } from "@/lib/ui-tree/node";

export function parseWebElements(observation: string): ParseResult {
  const elements = observationElements(observation);
  if (!elements) return { ok: false, message: "This observation is not a numbered element list." };
  const roots: DraftNode[] = elements.map((e) => ({ role: e.tag ?? "element", text: e.text, detail: `[${e.label}]`, bounds: null, children: [] }));
  return { ok: true, tree: { format: "web-elements", roots: assignIds(roots) } };
}

// The name is Python's repr(): single-quoted, or double-quoted when it holds a single quote
// (WebArena's processors.py `f"[{obs_node_id}] {role} {repr(name)}"`, then the properties).
const A11Y_LINE = /^(\t*)\[(\w+)\]\s+(\S+)(?:\s+(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"))?\s*(.*)$/;
const unrepr = (s: string) => s.replace(/\\(['"\\])/g, "$1").replace(/\\n/g, "\n").replace(/\\t/g, "\t");

export function parseWebA11yText(text: string): ParseResult {
  const roots: DraftNode[] = [];
  const open: { depth: number; node: DraftNode }[] = [];
  for (const [i, line] of text.replace(/\r\n?/g, "\n").split("\n").entries()) {
    if (!line.trim()) continue;
    const m = A11Y_LINE.exec(line);
    if (!m) return { ok: false, message: `Line ${i + 1} of the accessibility tree is not "[id] role 'name'": "${line.trim().slice(0, 80)}".` };
    const node: DraftNode = { role: m[3]!, text: unrepr(m[4] ?? m[5] ?? ""), detail: [`[${m[2]}]`, m[6]!.trim()].filter(Boolean).join(" "), bounds: null, children: [] };
    const depth = m[1]!.length;
    while (open.length && open.at(-1)!.depth >= depth) open.pop();
    (open.at(-1)?.node.children ?? roots).push(node);
    open.push({ depth, node });
  }
  if (roots.length === 0) return { ok: false, message: "The accessibility tree is empty." };
  return { ok: true, tree: { format: "web-a11y-text", roots: assignIds(roots) } };
}
