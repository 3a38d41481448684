// A grounding sample on the screenshot of an imported AndroidLab step (quark_1, step 2), so
// the box editor offers that step's UI tree as snap targets (trajectory-ui-tree.spec.ts). It
// lives in the "runs" project beside the run it borrows the screenshot from; no other spec
// reads the samples of that project.
import type { Db } from "@/lib/db";

export const UI_TREE_SAMPLE_SOURCE = "e2e-ui-tree";

export async function seedUiTreeSample(db: Db, projectId: string): Promise<void> {
  const step = await db.step.findFirstOrThrow({
    where: { index: 1, mediaId: { not: null }, uiTreeKey: { not: null }, trajectory: { projectId, sourceDataset: "androidlab", groupKey: "quark_1" } },
    select: { mediaId: true },
  });
  await db.groundingSample.create({
    data: { projectId, mediaId: step.mediaId, imageRef: "quark_1-step-2.png", instruction: "Open the side menu", sourceDataset: UI_TREE_SAMPLE_SOURCE, sourceId: "menu", contentHash: "e2e-ui-tree-menu" },
  });
}
