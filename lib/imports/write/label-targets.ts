import "server-only";
// Finds the item an imported label is about. Verity JSONL names it by its source key;
// AgentRewardBench names an agent and a task, which is the AgentLab experiment folder
// `<date>_<agent>_on_<task>_<seed>` (imported with the agent as the model and
// `<task>_<seed>` as the group, lib/imports/formats/agentlab/agentlab-experiment.ts): the
// benchmark ran each task once per agent, so two folders of one agent and task are
// ambiguous and refused rather than guessed.
import type { Db } from "@/lib/db";
import type { LabelTarget } from "@/lib/imports/records";
import type { ItemKey } from "@/lib/annotations/item-key";

export type LabelItem = { key: ItemKey; stepCount: number; imageSize: { width: number; height: number } | null };
export type FoundItem = { ok: true; item: LabelItem } | { ok: false; reason: string };

const SEED = /^(\d+|None)$/;

async function agentLabTrajectory(db: Db, projectId: string, agentName: string, taskName: string): Promise<FoundItem> {
  const prefix = `${taskName}_`;
  const candidates = await db.trajectory.findMany({
    where: { projectId, sourceDataset: "agentlab", model: agentName, groupKey: { startsWith: prefix } },
    select: { id: true, sourceId: true, groupKey: true, stepCount: true },
    take: 500,
  });
  // Checked again here, whatever LIKE made of "_" in a task name: the seed after the task
  // must be the whole rest (webarena.17 is not webarena.177).
  const matches = candidates.filter((t) => t.groupKey?.startsWith(prefix) && SEED.test(t.groupKey.slice(prefix.length)));
  if (matches.length === 0) {
    return { ok: false, reason: `no AgentLab trajectory of agent ${agentName} on task ${taskName} is imported in this project (import the experiment folders first)` };
  }
  if (matches.length > 1) {
    const names = matches.slice(0, 3).map((t) => t.sourceId).join(", ");
    return { ok: false, reason: `${matches.length} AgentLab trajectories of agent ${agentName} on task ${taskName} (${names}${matches.length > 3 ? ", ..." : ""}): the label cannot say which one it is about` };
  }
  return { ok: true, item: { key: { trajectoryId: matches[0]!.id }, stepCount: matches[0]!.stepCount, imageSize: null } };
}

export async function findLabelItem(db: Db, projectId: string, target: LabelTarget): Promise<FoundItem> {
  if (target.kind === "agentlab_task") return agentLabTrajectory(db, projectId, target.agentName, target.taskName);
  const key = { projectId, sourceDataset: target.sourceDataset, sourceId: target.sourceId };
  if (target.kind === "sample") {
    const sample = await db.groundingSample.findFirst({
      where: key,
      select: { id: true, imageWidth: true, imageHeight: true, imageMissing: true, media: { select: { width: true, height: true } } },
    });
    if (!sample) return { ok: false, reason: `sample "${target.sourceId}" of dataset ${target.sourceDataset} is not imported` };
    const size = sample.media && !sample.imageMissing ? sample.media : sample.imageWidth && sample.imageHeight ? { width: sample.imageWidth, height: sample.imageHeight } : null;
    return { ok: true, item: { key: { sampleId: sample.id }, stepCount: 0, imageSize: size } };
  }
  const trajectory = await db.trajectory.findFirst({ where: key, select: { id: true, stepCount: true } });
  if (!trajectory) return { ok: false, reason: `trajectory "${target.sourceId}" of dataset ${target.sourceDataset} is not imported` };
  return { ok: true, item: { key: { trajectoryId: trajectory.id }, stepCount: trajectory.stepCount, imageSize: null } };
}
