import "server-only";
// What the launch form of a model run shows: how many items the list's filter matches (counted
// with the very query startModelRun freezes its items with), the project's connections, and the
// templates of the tasks that run over these items.
import type { Db } from "@/lib/db";
import { isRowId } from "@/lib/ids/row-id-shape";
import { listConnections } from "@/lib/models/connections/connections";
import { runTemplatesFor } from "@/lib/models/runs/run-templates";
import { ITEMS_OF_TASK, RUN_TASKS } from "@/lib/models/runs/run-tasks";
import type { RunItems } from "@/lib/models/runs/scope-filter";
import { MAX_RUN_ITEMS } from "@/lib/models/runs/start-model-run";
import { sampleWhere } from "@/lib/samples/list-samples";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { trajectoryWhere } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";

/** The templates a run over these items can be started with (no stage of another), in the presets' order. */
export const templatesForItems = (items: RunItems) => RUN_TASKS.filter((task) => ITEMS_OF_TASK[task] === items).flatMap((task) => runTemplatesFor(task));

export async function newRunData(db: Db, projectId: string, items: RunItems, filter: Record<string, string>) {
  const matching =
    items === "samples"
      ? db.groundingSample.count({ where: sampleWhere(projectId, SampleFilterSchema.parse(filter)), take: MAX_RUN_ITEMS + 1 })
      : db.trajectory.count({ where: trajectoryWhere(projectId, TrajectoryFilterSchema.parse(filter)), take: MAX_RUN_ITEMS + 1 });
  const [count, connections, evaluationRun] = await Promise.all([
    matching,
    listConnections(db, projectId),
    items === "trajectories" && filter.run && isRowId(filter.run) ? db.evaluationRun.findFirst({ where: { id: filter.run, projectId }, select: { id: true, name: true } }) : null,
  ]);
  return {
    count,
    tooMany: count > MAX_RUN_ITEMS,
    connections: connections.map((c) => ({ id: c.id, name: c.name, model: c.model, convention: c.convention })),
    templates: templatesForItems(items).map((p) => ({ id: p.id, version: p.version, name: p.name, task: p.task, convention: p.convention, source: p.source })),
    runNames: evaluationRun ? { [evaluationRun.id]: evaluationRun.name } : {},
  };
}
