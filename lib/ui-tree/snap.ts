// Snapping a grounding box to a UI element: the element is the deepest node under the box's
// centre (as a click there would pick it), and the box takes that element's bounds. Nodes
// without bounds (web element lists) are never targets.
import type { Box } from "@/lib/domain/geometry";
import { deepestNodeAt } from "@/lib/ui-tree/hit-test";
import type { UiNode, UiTree } from "@/lib/ui-tree/node";

export function elementUnderBox(tree: UiTree, box: Box): UiNode | null {
  const [x1, y1, x2, y2] = box;
  return deepestNodeAt(tree, (x1 + x2) / 2, (y1 + y2) / 2);
}

export function boxOfElement(node: UiNode): Box | null {
  return node.bounds ? [node.bounds.x1, node.bounds.y1, node.bounds.x2, node.bounds.y2] : null;
}
