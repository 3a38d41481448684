// An AgentLab study (generated in the real layout) imports on SQLite and PostgreSQL: the
// study as an evaluation run, each experiment as a trajectory on its screenshots, every
// pickle named in the report as refused, the study's own files named as read and their
// figures checked against the experiments (a disagreement listed with its file and line),
// the package versions kept on the run; importing it again changes nothing.
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

    // The study's files, each named; their figures agree with the experiments.
    const noted = new Map(report.notes.map((n) => [n.file, n.reason]));
    expect(noted.get("summary_df_trial_1_of_3.csv")).toMatch(/^read: AgentLab's summary/);
    expect(noted.get("result_df_trial_1_of_3.csv")).toMatch(/^read: one row per experiment/);
    expect(noted.get("error_report_trial_1_of_3.md")).toMatch(/^read: 1 error\(s\)/);
    expect(noted.get(`${AGENTLAB_EXPERIMENTS.solved}/package_versions.txt`)).toMatch(/package versions \(5 packages, the same in every experiment\), kept on the run/);
    expect(report.metricDifferenceCount).toBe(0);

    const run = await db.evaluationRun.findUniqueOrThrow({ where: { projectId_name: { projectId: project.id, name: `agentlab/${AGENTLAB_STUDY}` } }, include: { trajectories: true } });
    expect(run.trajectories).toHaveLength(3);
    expect(run.meta).toMatchObject({ packageVersions: { agentlab: "0.3.2", playwright: "1.44.0" }, studyFilesCheck: { differenceCount: 0 } });
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

  it("lists each figure of the study's files that the experiments do not reproduce, with file and line", async () => {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "agentlab-check", name: "AgentLab check", settings: {} } });
    const report = await importInto(db, project.id, await writeAgentLabFixture(undefined, "disagreeing"));
    expect(report.created).toMatchObject({ runs: 1, trajectories: 3 });
    expect(report.metricDifferenceCount).toBe(3);
    expect(report.metricDifferences).toEqual(
      expect.arrayContaining([
        { file: "summary_df_trial_2_of_3.csv", line: 2, run: `agentlab/${AGENTLAB_STUDY}`, metric: "GenericAgent-test-model on miniwob: avg_reward", fileValue: 0.75, importedValue: 0.5 },
        { file: "result_df_trial_2_of_3.csv", line: 3, run: `agentlab/${AGENTLAB_STUDY}`, metric: `${AGENTLAB_EXPERIMENTS.solved}: cum_reward`, fileValue: 0, importedValue: 1 },
      ]),
    );
    expect(report.notes.find((n) => n.file === "summary_df_trial_1_of_3.csv")?.reason).toMatch(/^not checked: trial 1's file, superseded by summary_df_trial_2_of_3\.csv/);
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId: project.id } });
    expect(run.meta).toMatchObject({ studyFilesCheck: { differenceCount: 3 } });
  });
});
