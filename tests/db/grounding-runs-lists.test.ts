// A grounding run (a results file: answers on samples, no episodes) is counted by what it holds
// and is not offered where episodes are filtered (issue 36 item 28: the project home said "0
// episodes" for it and the trajectory list's Run filter offered it, filtering to nothing).
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importProject } from "./import-support";
import { projectOverview } from "@/lib/projects/overview";
import { trajectoryFacets } from "@/lib/trajectories/list-trajectories";

describe.each(PROVIDERS)("grounding runs beside agent runs (%s)", (provider) => {
  it("the project home counts a grounding run's answered samples; the Run filter offers agent runs only", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db, "runs-kinds");
    const agentRun = await db.evaluationRun.create({ data: { projectId, name: "agent-run", benchmark: "androidlab", model: "agent" } });
    const groundingRun = await db.evaluationRun.create({ data: { projectId, name: "grounding-run", benchmark: "screenspot-pro", model: "venus" } });
    await db.trajectory.create({ data: { projectId, runId: agentRun.id, goal: "Open settings", sourceDataset: "d", sourceId: "t1", contentHash: "h1" } });
    for (let i = 0; i < 3; i++) {
      const sample = await db.groundingSample.create({ data: { projectId, instruction: `target ${i}`, sourceDataset: "pro", sourceId: `s${i}`, contentHash: `s${i}` } });
      await db.modelPrediction.create({ data: { projectId, sampleId: sample.id, model: "venus", kind: "point", x: 1, y: 1, runId: groundingRun.id } });
    }

    const overview = await projectOverview(db, projectId, { userId: "nobody", seesHuman: true });
    const byName = Object.fromEntries(overview.runs.map((r) => [r.name, { episodes: r._count.trajectories, answers: r.answers }]));
    expect(byName).toEqual({ "agent-run": { episodes: 1, answers: 0 }, "grounding-run": { episodes: 0, answers: 3 } });

    expect((await trajectoryFacets(db, projectId)).runs).toEqual([{ id: agentRun.id, name: "agent-run" }]);
  });
});
