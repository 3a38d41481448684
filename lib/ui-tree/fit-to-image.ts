// Whether a tree's bounds can be drawn on the step's screenshot as they are. A dump comes
// from the device and the screenshot from screencap, so they share pixels unless the
// screenshot was resized: then the tree's screen (the largest box, normally the root window)
// has the screenshot's aspect ratio and a different size, and the bounds are scaled to the
// screenshot, which the panel says. Bounds that still reach past the image are counted and
// said, never clamped. What is said is data (the screen shows it in the reader's language,
// components/editor/tree-fit-text.ts).
import { walk, type Bounds, type UiNode, type UiTree } from "@/lib/ui-tree/node";

type Size = { width: number; height: number };
export type TreeFitNote = { kind: "scaled"; tree: Size; image: Size; factor: number } | { kind: "outside"; count: number; tree: Size; image: Size };
export type Fitted = { tree: UiTree; scale: number | null; note: TreeFitNote | null };

function extent(tree: UiTree): { width: number; height: number } | null {
  let width = 0;
  let height = 0;
  for (const { node } of walk(tree.roots)) {
    if (!node.bounds) continue;
    width = Math.max(width, node.bounds.x2);
    height = Math.max(height, node.bounds.y2);
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

function scaled(nodes: UiNode[], k: number): UiNode[] {
  const s = (b: Bounds): Bounds => ({ x1: Math.round(b.x1 * k), y1: Math.round(b.y1 * k), x2: Math.round(b.x2 * k), y2: Math.round(b.y2 * k) });
  return nodes.map((n) => ({ ...n, bounds: n.bounds ? s(n.bounds) : null, children: scaled(n.children, k) }));
}

export function fitToImage(tree: UiTree, width: number, height: number): Fitted {
  const screen = extent(tree);
  if (!screen || (screen.width <= width && screen.height <= height)) return { tree, scale: null, note: null };
  const kx = width / screen.width;
  const ky = height / screen.height;
  if (Math.abs(kx - ky) / Math.max(kx, ky) < 0.01) {
    const k = Math.min(kx, ky);
    return {
      tree: { ...tree, roots: scaled(tree.roots, k) },
      scale: k,
      note: { kind: "scaled", tree: screen, image: { width, height }, factor: k },
    };
  }
  let outside = 0;
  for (const { node } of walk(tree.roots)) if (node.bounds && (node.bounds.x2 > width || node.bounds.y2 > height)) outside++;
  return { tree, scale: null, note: { kind: "outside", count: outside, tree: screen, image: { width, height } } };
}
