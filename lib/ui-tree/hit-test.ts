// The node under a point of the screenshot: the deepest one whose bounds contain it. Android
// and AT-SPI children may lie outside their parent, so every node is tested, not only the
// children of containing nodes. Among equally deep nodes the smaller box wins (the more
// specific element), then the later one in the document (drawn on top).
import { walk, type Bounds, type UiNode, type UiTree } from "@/lib/ui-tree/node";

export function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.x1 && x <= b.x2 && y >= b.y1 && y <= b.y2;
}

const area = (b: Bounds) => (b.x2 - b.x1) * (b.y2 - b.y1);

export function deepestNodeAt(tree: UiTree, x: number, y: number): UiNode | null {
  let best: { node: UiNode; depth: number; area: number } | null = null;
  for (const { node, depth } of walk(tree.roots)) {
    if (!node.bounds || !contains(node.bounds, x, y)) continue;
    const a = area(node.bounds);
    if (!best || depth > best.depth || (depth === best.depth && a <= best.area)) best = { node, depth, area: a };
  }
  return best?.node ?? null;
}
