// An AgentLab study (generated in the real layout) imports on SQLite and PostgreSQL: the
// study as an evaluation run, each experiment as a trajectory on its screenshots, every
// pickle named in the report as refused; importing it again changes nothing.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, rowCounts } from "./import-support";
import { AGENTLAB_EXPERIMENTS, AGENTLAB_STUDY, writeAgentLabFixture } from "../support/fixtures/agentlab-fixture";

describe.each(PROVIDERS)("importing an AgentLab study on %s", (provider) => {
  it("imports summaries and screenshots, refuses the pickles, and a re-import changes nothing", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "agentlab", name: "AgentLab", settings: {} } });
    const root = await writeAgentLabFixture();

    const report = await importInto(db, project.id, root);
    expect(report.format).toBe("agentlab");
    expect(report.created).toMatchObject({ runs: 1, trajectories: 3, steps: 6, verdicts: 2 });
    expect(report.rejectedCount).toBe(15);
    expect(report.rejected.every((r) => /\.pkl(\.gz)?$/.test(r.file) && r.reason.startsWith("refused: a Python pickle"))).toBe(true);
    // The lone study folder is unwrapped as the import root, so paths start inside it.
    expect(report.rejected.map((r) => r.file)).toContain(`${AGENTLAB_EXPERIMENTS.solved}/goal_object.pkl.gz`);

    const run = await db.evaluationRun.findUniqueOrThrow({ where: { projectId_name: { projectId: project.id, name: `agentlab/${AGENTLAB_STUDY}` } }, include: { trajectories: true } });
    expect(run.trajectories).toHaveLength(3);
    const solved = await db.trajectory.findFirstOrThrow({ where: { sourceId: AGENTLAB_EXPERIMENTS.solved }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
    expect(solved.autoOutcome).toBe(true);
    expect(solved.steps.map((s) => [s.action, s.media?.width, s.media?.height])).toEqual(Array(3).fill([null, 500, 420]));
    expect(new Set(solved.steps.map((s) => s.mediaId)).size).toBe(3);

    const before = await rowCounts(db);
    const again = await importInto(db, project.id, root);
    expect(again.created).toEqual({ samples: 0, trajectories: 0, steps: 0, predictions: 0, verdicts: 0, media: 0, runs: 0 });
    expect(again.updated).toBe(0);
    expect(await rowCounts(db)).toEqual(before);
  });
});
