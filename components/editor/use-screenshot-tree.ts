"use client";
// The UI tree of a grounding sample's screenshot, when a trajectory step with the same
// screenshot stored one (lib/samples/sample-review.ts finds it): fetched once from the step's
// tree route, parsed and fitted to the image (with the note saying when its bounds were
// scaled), for the box editor's snap targets (B). A tree that cannot be read leaves the
// editor without targets; nothing else changes.
import { useEffect, useMemo } from "react";
import { useUiTree } from "@/components/trajectory-review/use-ui-tree";
import { fitToImage, type Fitted } from "@/lib/ui-tree/fit-to-image";

export function useScreenshotTree(projectId: string, stepId: string | null, image: { width: number; height: number } | null): Fitted | null {
  const { trees, load } = useUiTree(projectId);
  useEffect(() => {
    if (stepId) void load(stepId);
    // load is recreated each render; the step id alone decides what to fetch.
  }, [stepId]);
  const state = stepId ? trees[stepId] : undefined;
  const parsed = state?.kind === "loaded" && state.parsed.ok ? state.parsed.tree : null;
  return useMemo(() => (parsed && image ? fitToImage(parsed, image.width, image.height) : null), [parsed, image?.width, image?.height]);
}
