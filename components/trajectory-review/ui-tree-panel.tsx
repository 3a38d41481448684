"use client";
// The step's UI tree as a collapsible outline. Hovering a row outlines the node's bounds on
// the screenshot, clicking it selects it (as does a click on the screenshot, which lands on
// the deepest node there and is revealed here: its ancestors open and the list scrolls to it,
// never the page). The selected node's box is what "snap" (b) moves a corrected point to.
import { useEffect, useRef, useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import type { PlainKey } from "@/lib/i18n/translate";
import type { UiNode, UiTree } from "@/lib/ui-tree/node";

const FORMAT_NAMES: Record<UiTree["format"], PlainKey> = {
  "android-xml": "trajectory.tree.format.androidXml",
  "android-forest": "trajectory.tree.format.androidForest",
  "androidlab-compressed": "trajectory.tree.format.androidlabCompressed",
  "osworld-xml": "trajectory.tree.format.osworldXml",
  "osworld-table": "trajectory.tree.format.osworldTable",
  "web-elements": "trajectory.tree.format.webElements",
  "web-a11y-text": "trajectory.tree.format.webA11y",
};

type Props = {
  tree: UiTree;
  note: string | null;
  nodeCount: number;
  rawText: string;
  selectedId: string | null;
  /** The selected node's ancestors, opened on each new selection (`seq`). */
  reveal: { ids: string[]; seq: number };
  onHover: (id: string | null) => void;
  onSelect: (id: string) => void;
  snap: { label: string; onSnap: () => void } | null;
};

const boundsText = (n: UiNode, noBounds: string) => (n.bounds ? `[${n.bounds.x1},${n.bounds.y1}][${n.bounds.x2},${n.bounds.y2}]` : noBounds);

function Row({ node, depth, collapsed, selectedId, onToggle, onHover, onSelect }: {
  node: UiNode; depth: number; collapsed: Set<string>; selectedId: string | null;
  onToggle: (id: string) => void; onHover: (id: string | null) => void; onSelect: (id: string) => void;
}) {
  const t = useT();
  const isOpen = !collapsed.has(node.id);
  const isSelected = node.id === selectedId;
  const hasChildren = node.children.length > 0;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? isOpen : undefined} aria-selected={isSelected} aria-level={depth + 1}>
      <div className={`flex items-baseline gap-1 rounded pr-1 ${isSelected ? "bg-amber-100 ring-1 ring-amber-500 ring-inset" : "hover:bg-blue-50"}`}
        style={{ paddingLeft: `${depth * 0.75}rem` }} data-node-id={node.id} data-selected={isSelected}
        onMouseEnter={() => onHover(node.id)} onMouseLeave={() => onHover(null)}>
        {hasChildren ? (
          <button type="button" tabIndex={-1} onClick={() => onToggle(node.id)} className="w-4 shrink-0 text-slate-500 hover:text-slate-900" aria-label={isOpen ? t("trajectory.tree.collapse") : t("trajectory.tree.expand")}>
            {isOpen ? "▾" : "▸"}
          </button>
        ) : <span className="w-4 shrink-0" />}
        <button type="button" onClick={() => onSelect(node.id)} className="flex min-w-0 flex-1 items-baseline gap-1.5 py-0.5 text-left" title={boundsText(node, t("trajectory.tree.noBounds"))}>
          <span className="shrink-0 font-mono text-xs text-blue-800">{node.role}</span>
          {node.text && <span className="min-w-0 truncate text-slate-900">{node.text}</span>}
          {node.detail && <span className="min-w-0 truncate font-mono text-xs text-slate-500">{node.detail}</span>}
          {!node.bounds && <span className="shrink-0 text-xs text-slate-400">·</span>}
        </button>
      </div>
      {hasChildren && isOpen && (
        <ul role="group">
          {node.children.map((c) => <Row key={c.id} node={c} depth={depth + 1} collapsed={collapsed} selectedId={selectedId} onToggle={onToggle} onHover={onHover} onSelect={onSelect} />)}
        </ul>
      )}
    </li>
  );
}

function allWithChildren(nodes: UiNode[], out: string[] = []): string[] {
  for (const n of nodes) if (n.children.length) { out.push(n.id); allWithChildren(n.children, out); }
  return out;
}

export function UiTreePanel({ tree, note, nodeCount, rawText, selectedId, reveal, onHover, onSelect, snap }: Props) {
  const t = useT();
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [isRaw, setRaw] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const selected = selectedId ? findIn(tree.roots, selectedId) : null;

  // A node selected on the screenshot may sit under collapsed rows: open its ancestors.
  useEffect(() => {
    setCollapsed((c) => (reveal.ids.some((id) => c.has(id)) ? new Set([...c].filter((id) => !reveal.ids.includes(id))) : c));
    // Only a new selection reveals: a later collapse by hand stays collapsed.
  }, [reveal.seq]);
  // Keep the selected row in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = list.current;
    const row = box?.querySelector<HTMLElement>("[data-selected='true']");
    if (!box || !row) return;
    // Where the row is inside the list's visible area, both measured on screen (offsetTop is
    // relative to the row's offset parent, which need not be the list: it was measured between
    // different parents once, and the row stayed out of sight).
    const rowRect = row.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const top = rowRect.top - boxRect.top - box.clientTop;
    // Out of sight: bring it to a third of the way down, or lower in a list barely taller than the row.
    const placeAt = Math.max(0, Math.min(box.clientHeight / 3, box.clientHeight - rowRect.height));
    if (top < 0 || top + rowRect.height > box.clientHeight) box.scrollTop += top - placeAt;
  }, [selectedId, collapsed]);

  const toggle = (id: string) => {
    // A collapsed row's children vanish without a mouseleave: drop the hover outline.
    onHover(null);
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const small = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-50";

  return (
    <div className="space-y-2" data-testid="ui-tree">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span>{t(FORMAT_NAMES[tree.format])} · {t("trajectory.tree.nodes", { count: nodeCount })}</span>
        <span className="ml-auto flex gap-1">
          <button type="button" className={small} onClick={() => setCollapsed(new Set())}>{t("trajectory.tree.expandAll")}</button>
          <button type="button" className={small} onClick={() => setCollapsed(new Set(allWithChildren(tree.roots)))}>{t("trajectory.tree.collapseAll")}</button>
          <button type="button" className={small} aria-pressed={isRaw} onClick={() => setRaw(!isRaw)}>{isRaw ? t("trajectory.tree.asTree") : t("trajectory.tree.rawFile")}</button>
        </span>
      </div>
      {note && <p className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" role="status">{note}</p>}
      {isRaw ? (
        <pre className="max-h-96 overflow-auto rounded bg-slate-900 p-2 text-xs whitespace-pre-wrap break-all text-slate-100">{rawText}</pre>
      ) : (
        <ul ref={list} role="tree" aria-label={t("trajectory.tree.label")} className="relative max-h-96 overflow-auto rounded border border-slate-200 bg-white p-1 text-sm">
          {tree.roots.map((n) => <Row key={n.id} node={n} depth={0} collapsed={collapsed} selectedId={selectedId} onToggle={toggle} onHover={onHover} onSelect={onSelect} />)}
          {tree.roots.length === 0 && <li className="px-2 py-1 text-slate-600">{t("trajectory.tree.empty")}</li>}
        </ul>
      )}
      <div className="text-xs text-slate-700" aria-live="polite" data-testid="ui-tree-selection">
        {selected ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>{t("trajectory.tree.selected")} <span className="font-mono text-blue-800">{selected.role}</span> {selected.text} <span className="font-mono">{boundsText(selected, t("trajectory.tree.noBounds"))}</span></span>
            {snap && <button type="button" className={small} onClick={snap.onSnap}>{snap.label} <kbd className="font-mono text-slate-500">b</kbd></button>}
          </div>
        ) : (
          <span className="text-slate-500">{t("trajectory.tree.hint")}</span>
        )}
      </div>
    </div>
  );
}

function findIn(nodes: UiNode[], id: string): UiNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    if (id.startsWith(`${n.id}.`)) return findIn(n.children, id);
  }
  return null;
}
