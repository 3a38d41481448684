"use client";
// Which node of the current step's UI tree is hovered and selected, and what that draws on
// the screenshot. The tree is fitted to the screenshot once per load (lib/ui-tree/fit-to-image)
// so the panel, the outlines, the hit test and snapping all use screenshot pixels. Selection
// belongs to a step: moving to another step starts with none.
import { useMemo, useState } from "react";
import type { TreeOutline } from "@/components/trajectory-review/step-screenshot";
import type { TreeState } from "@/components/trajectory-review/use-ui-tree";
import { fitToImage } from "@/lib/ui-tree/fit-to-image";
import { deepestNodeAt } from "@/lib/ui-tree/hit-test";
import { countNodes, findNode } from "@/lib/ui-tree/node";

type Size = { width: number; height: number } | null;

export function useTreeSelection(stepId: string | undefined /* one tree: step and view */, tree: TreeState | undefined, size: Size) {
  const [hovered, setHovered] = useState<{ stepId?: string; id: string } | null>(null);
  // `seq` counts selections, so the panel reveals a node again after its rows were collapsed.
  const [selected, setSelected] = useState<{ stepId?: string; id: string; reveal: string[]; seq: number } | null>(null);
  const parsed = tree?.kind === "loaded" && tree.parsed.ok ? tree.parsed.tree : null;
  const fitted = useMemo(() => (parsed ? (size ? fitToImage(parsed, size.width, size.height) : { tree: parsed, scale: null, note: null }) : null), [parsed, size?.width, size?.height]);
  const nodeCount = useMemo(() => (parsed ? countNodes(parsed) : 0), [parsed]);

  const hoveredId = hovered && hovered.stepId === stepId ? hovered.id : null;
  const selectedId = selected && selected.stepId === stepId ? selected.id : null;
  const hoveredNode = fitted && hoveredId ? findNode(fitted.tree, hoveredId)?.node ?? null : null;
  const selectedNode = fitted && selectedId ? findNode(fitted.tree, selectedId)?.node ?? null : null;

  const outlines: TreeOutline[] = [];
  if (selectedNode?.bounds) outlines.push({ bounds: selectedNode.bounds, kind: "selected" });
  if (hoveredNode?.bounds && hoveredNode !== selectedNode) outlines.push({ bounds: hoveredNode.bounds, kind: "hovered" });

  function select(id: string) {
    const found = fitted ? findNode(fitted.tree, id) : null;
    setSelected((previous) => ({ stepId, id, reveal: found ? found.ancestors.map((a) => a.id) : [], seq: (previous?.seq ?? 0) + 1 }));
  }

  return {
    fitted,
    nodeCount,
    selectedId,
    selectedNode,
    reveal: selected && selected.stepId === stepId ? { ids: selected.reveal, seq: selected.seq } : { ids: [], seq: 0 },
    outlines,
    hover: (id: string | null) => setHovered(id ? { stepId, id } : null),
    select,
    /** The deepest node at a screenshot point becomes the selection; a point on no node clears it. */
    pick(x: number, y: number) {
      const node = fitted ? deepestNodeAt(fitted.tree, x, y) : null;
      if (node) select(node.id);
      else setSelected(null);
    },
  };
}
