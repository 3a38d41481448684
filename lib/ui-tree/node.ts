// One node model for every UI tree Verity shows: uiautomator XML (AndroidLab, Android dumps),
// AndroidLab's compressed text, AndroidControl's accessibility forest (JSON or text format), OSWorld's AT-SPI accessibility tree (XML or its linearized
// table) and web element lists (WebVoyager). Bounds are in the pixels of the screen the tree
// was dumped from; `fitToImage` says whether they can be drawn on the step's screenshot.
export type Bounds = { x1: number; y1: number; x2: number; y2: number };

export type UiNode = {
  /** Path of child positions from the root ("0.2.1"): stable for one tree, unique in it. */
  id: string;
  /** Short kind: Android class without its package, an AT-SPI role, an HTML tag. */
  role: string;
  /** What a reviewer reads the node by: text, content description or accessible name. */
  text: string;
  /** Other identifying fields (resource-id, numbered label, states), shown beside the text. */
  detail: string;
  bounds: Bounds | null;
  children: UiNode[];
};

export type UiTreeFormat = "android-xml" | "android-forest" | "androidlab-compressed" | "osworld-xml" | "osworld-table" | "web-elements" | "web-a11y-text";

export type UiTree = { format: UiTreeFormat; roots: UiNode[] };

export type ParseResult = { ok: true; tree: UiTree } | { ok: false; message: string };

/** Nodes in document order (parents before their children). */
export function* walk(nodes: UiNode[]): Generator<{ node: UiNode; depth: number; ancestors: UiNode[] }> {
  const stack: { node: UiNode; depth: number; ancestors: UiNode[] }[] = [...nodes].reverse().map((node) => ({ node, depth: 0, ancestors: [] }));
  while (stack.length) {
    const item = stack.pop()!;
    yield item;
    const ancestors = [...item.ancestors, item.node];
    for (let i = item.node.children.length - 1; i >= 0; i--) stack.push({ node: item.node.children[i]!, depth: item.depth + 1, ancestors });
  }
}

export function findNode(tree: UiTree, id: string): { node: UiNode; ancestors: UiNode[] } | null {
  for (const item of walk(tree.roots)) if (item.node.id === id) return item;
  return null;
}

export function countNodes(tree: UiTree): number {
  let n = 0;
  for (const _ of walk(tree.roots)) n++;
  return n;
}

export function boundsCentre(b: Bounds): { x: number; y: number } {
  return { x: Math.round((b.x1 + b.x2) / 2), y: Math.round((b.y1 + b.y2) / 2) };
}

/** A usable box: finite, with positive width and height. */
export function validBounds(x1: number, y1: number, x2: number, y2: number): Bounds | null {
  return [x1, y1, x2, y2].every(Number.isFinite) && x2 > x1 && y2 > y1 ? { x1, y1, x2, y2 } : null;
}

/** A node as a parser builds it, before ids are given. */
export type DraftNode = Omit<UiNode, "id" | "children"> & { children: DraftNode[] };

/** Gives every node its path id ("0", "0.1", ...). */
export function assignIds(drafts: DraftNode[], prefix = ""): UiNode[] {
  return drafts.map((d, i) => {
    const id = prefix ? `${prefix}.${i}` : String(i);
    return { ...d, id, children: assignIds(d.children, id) };
  });
}
