// A source's own word on how an episode ended (the UI-Venus framework's termination_reason) is
// stored as the trajectory's terminationReason and filters the trajectory list, on SQLite and
// PostgreSQL: the list's menu offers the reasons the project holds, a reason from the URL keeps
// exactly the episodes Python reads with it, and a queue made of the filtered list holds them.
import os from "node:os";
import path from "node:path";
import { mkdtemp } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "@/lib/queues/create-queue";
import { listTrajectories, trajectoryFacets } from "@/lib/trajectories/list-trajectories";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { PROVIDERS } from "./databases";
import { importInto } from "./import-support";
import { queueProject } from "./queue-support";
import { readVenusEpisodesWithPython, venusSkipReason, writeVenusFrameworkRun } from "../support/import-fixtures/venus-framework";

type PyEpisode = { episode_id: string; termination_reason: string };

describe.skipIf(venusSkipReason !== null).each(PROVIDERS)("the trajectory list's termination reason filter on %s", (provider) => {
  let root = "";
  let episodes: PyEpisode[] = [];
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-termination-")), "traces");
    await writeVenusFrameworkRun(root);
    episodes = readVenusEpisodesWithPython(root) as unknown as PyEpisode[];
  });

  it("offers the imported reasons and keeps the episodes that ended so, in the list and in a queue of it", async () => {
    const { db, project, person } = await queueProject(provider, { admin: "admin", ann: "annotator" });
    await importInto(db, project.id, root);
    const reasons = [...new Set(episodes.map((e) => e.termination_reason))].sort();
    expect(reasons.length).toBeGreaterThan(1);
    expect((await trajectoryFacets(db, project.id)).terminations).toEqual(reasons);

    const viewer = { seesHuman: true };
    for (const reason of reasons) {
      const filter = parseTrajectoryFilter({ termination: reason }, viewer);
      const { trajectories, total } = await listTrajectories(db, project.id, filter, viewer);
      const ids = await db.trajectory.findMany({ where: { id: { in: trajectories.map((t) => t.id) } }, select: { sourceId: true } });
      expect(ids.map((t) => t.sourceId).sort()).toEqual(episodes.filter((e) => e.termination_reason === reason).map((e) => e.episode_id).sort());
      expect(total).toBe(ids.length);
    }
    const none = await listTrajectories(db, project.id, parseTrajectoryFilter({ termination: "no_such_reason" }, viewer), viewer);
    expect(none.total).toBe(0);

    const reason = episodes[0]!.termination_reason;
    const { itemCount } = await createQueue(db, person("admin"), {
      name: "ended so", itemType: "trajectory", filter: { termination: reason }, overlap: 1, leaseSeconds: 600, memberIds: [person("ann").user.id],
    });
    expect(itemCount).toBe(episodes.filter((e) => e.termination_reason === reason).length);
  });
});
