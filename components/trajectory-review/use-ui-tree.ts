"use client";
// UI trees (accessibility tree / XML dumps) are large and rarely needed, so they are fetched
// only when asked for, once per step, and kept for the visit. Each is parsed once, on arrival,
// into the node model the tree panel and the screenshot outline share.
import { useState } from "react";
import type { ParseResult } from "@/lib/ui-tree/node";
import { parseUiTree } from "@/lib/ui-tree/parse-ui-tree";

export type TreeState = { kind: "loading" } | { kind: "loaded"; text: string; parsed: ParseResult } | { kind: "missing" } | { kind: "error"; message: string };

/** "dump": the raw UI tree; "agent": the tree as the agent was shown it (stored for AndroidLab). */
export type TreeView = "dump" | "agent";

export const treeKey = (stepId: string, view: TreeView) => (view === "dump" ? stepId : `${stepId}:agent`);

export function useUiTree(projectId: string) {
  const [trees, setTrees] = useState<Record<string, TreeState>>({});

  async function load(stepId: string, view: TreeView = "dump") {
    const key = treeKey(stepId, view);
    if (trees[key] && trees[key].kind !== "error") return;
    const put = (state: TreeState) => setTrees((all) => ({ ...all, [key]: state }));
    put({ kind: "loading" });
    try {
      const response = await fetch(`/api/projects/${projectId}/steps/${stepId}/tree${view === "agent" ? "?view=agent" : ""}`, { headers: { Accept: "text/plain" } });
      if (response.status === 404) return put({ kind: "missing" });
      if (!response.ok) return put({ kind: "error", message: `The UI tree could not be loaded (HTTP ${response.status}).` });
      const text = await response.text();
      put({ kind: "loaded", text, parsed: parseUiTree(text) });
    } catch {
      put({ kind: "error", message: "The UI tree could not be loaded (network error)." });
    }
  }

  return { trees, load };
}
