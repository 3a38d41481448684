// AndroidLab's metrics on a generated run (tests/support/import-fixtures/androidlab-metrics.ts),
// each figure worked out by hand with FORMAT.md §7's rules (Android-Lab@373fc1d
// evaluation/task.py L31-72 and L250-314, generate_result.py L86-133), on SQLite and
// PostgreSQL: reproduced from the import, then corrected through the real answer path (a
// reviewer's submit with sub-goal verdicts and a "no effect" step label).
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { writeAndroidLabMetricsRun, METRICS_RUN } from "../support/import-fixtures/androidlab-metrics";
import { readXlsxRows } from "../support/read-xlsx";
import type { ProjectAccess } from "@/lib/auth/session";
import { loadAndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import { correctionsJsonl, outputDetailXlsx, outputXlsx, resultsJsonl, totalJsonl } from "@/lib/benchmarks/androidlab-files";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";

// clock_1: 4 judged lines, turns 1 and 2 the same screen: of the pairs of the first 3 images
// one is unchanged, ROR = 1 - 1/3; complete with ground truth 3: RRR = 3/4.
// clock_2: not complete, 2 of 3 check points: partial 2/3; 3 lines, first 2 images differ: 1 - 0/2 = 1.0.
// setting_5: complete but not in ground_truth_length.json: RRR null; 2 lines: 1 - 0/1 = 1.0.
// setting_7: no check point: partial int 0; one line: ROR int 1.
const RESULTS = [
  '{"task_id": "clock_1", "task": "Set an alarm for 7 am", "metric_type": "operation", "result": {"judge_page": true, "1": true, "2": true, "complete": true}, "RRR": 0.75, "reasonable_operation_ratio": 0.6666666666666667}',
  '{"task_id": "clock_2", "task": "Start a 5 minute timer and name it tea", "metric_type": "operation", "result": {"judge_page": true, "1": true, "2": false, "3": true, "complete": false}, "RRR": null, "reasonable_operation_ratio": 1.0}',
  '{"task_id": "setting_5", "task": "Turn on dark mode", "metric_type": "operation", "result": {"judge_page": true, "1": true, "complete": true}, "RRR": null, "reasonable_operation_ratio": 1.0}',
  '{"task_id": "setting_7", "task": "What is the Android version?", "metric_type": "query_detect", "result": {"complete": false}, "RRR": null, "reasonable_operation_ratio": 1}',
];
// Per app: partial sums 1 + 0.6666666666666666 (a float) and 1 + 0 (an int); setting has no
// RRR at all, so its RRR and Sum_RRR are the int 0 of the caught ZeroDivisionError.
const TOTALS = [
  '{"App": "clock", "Acc": 0.5, "Total": 2, "Complete_Correct": 1, "Sum_Partial_Acc": 1.6666666666666665, "Partial_Acc": 0.8333333333333333, "RRR": 0.75, "Sum_RRR": 0.75, "reasonable_operation_ratio": 0.8333333333333334, "Sum_reasonable_operation_ratio": 1.6666666666666667}',
  '{"App": "setting", "Acc": 0.5, "Total": 2, "Complete_Correct": 1, "Sum_Partial_Acc": 1, "Partial_Acc": 0.5, "RRR": 0, "Sum_RRR": 0, "reasonable_operation_ratio": 1.0, "Sum_reasonable_operation_ratio": 2.0}',
];
// clock_1 verified a failure with check point 2 unmet: partial 1/2, no RRR. clock_2 verified
// (still a failure) with turn 0 labeled "no effect": its first pair counts, ROR = 1 - 1/2.
const CORRECTED_CLOCK =
  '{"App": "clock", "Acc": 0.0, "Total": 2, "Complete_Correct": 0, "Sum_Partial_Acc": 1.1666666666666665, "Partial_Acc": 0.5833333333333333, "RRR": 0, "Sum_RRR": 0, "reasonable_operation_ratio": 0.5833333333333334, "Sum_reasonable_operation_ratio": 1.1666666666666667}';

describe.each(PROVIDERS)("AndroidLab metrics of a generated run on %s", (provider) => {
  it("reproduces the hand-computed results.jsonl, total.jsonl and output.xlsx, then follows the verified answers", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await writeAndroidLabMetricsRun(await tempDir());
    await importInto(db, projectId, root);
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId, name: METRICS_RUN } });
    let report = (await loadAndroidLabReport(db, projectId, run.id))!;

    expect(resultsJsonl(report, "reproduced")).toBe(`${RESULTS.join("\n")}\n`);
    expect(totalJsonl(report, "reproduced")).toBe(`${TOTALS.join("\n")}\n`);
    // The file says RRR null and ROR 1 for every task: each recomputed figure that differs is listed.
    expect(report.differences.map((d) => `${d.taskId} ${d.figure}`)).toEqual(["clock_1 RRR", "clock_1 reasonable_operation_ratio"]);
    // output.xlsx: percentages of --total_num 138; Sum_RRR of the 2 complete tasks.
    expect(await readXlsxRows(await outputXlsx(report, "reproduced"))).toEqual([
      [null, "agent_name", "App", "Total", "Complete_Correct", "Sum_Partial_Acc", "Sum_RRR", "Sum_reasonable_operation_ratio", "Acc", "correct"],
      [0, METRICS_RUN, 2, 4, 1.4492753623188406, 1.9323671497584538, 37.5, 2.6570048309178746, 0.5, 2],
    ]);
    expect(await readXlsxRows(await outputDetailXlsx(report, "reproduced"))).toEqual([[null, "agent_name", "clock", "setting"], [0, METRICS_RUN, 1, 1]]);

    const reviewer = await db.user.create({ data: { email: "reviewer@bench.test", name: "Rita" } });
    const access: ProjectAccess = { user: { id: reviewer.id, email: reviewer.email, name: "Rita", isOwner: false }, projectId, role: "reviewer" };
    const episode = (taskId: string) => db.trajectory.findFirstOrThrow({ where: { projectId, sourceId: { contains: `/${taskId}_` } } });
    const clock1 = await episode("clock_1");
    const clock2 = await episode("clock_2");
    await saveTrajectoryAnnotation(db, access, {
      trajectoryId: clock1.id, baseVersion: null, status: "submitted",
      payload: { traceVerdict: "failure", firstWrongStep: null, steps: [], note: null, subGoals: [{ key: "2", met: false }] },
    });
    await saveTrajectoryAnnotation(db, access, {
      trajectoryId: clock2.id, baseVersion: null, status: "submitted",
      payload: { traceVerdict: "failure", firstWrongStep: null, steps: [{ stepIndex: 0, label: "incorrect", errorKind: "no_effect" }], note: null },
    });
    // Pinned with the answer like everything else.
    expect((await db.answerRevision.findFirstOrThrow({ where: { trajectoryId: clock1.id } })).subGoals).toEqual([{ key: "2", met: false }]);

    report = (await loadAndroidLabReport(db, projectId, run.id))!;
    expect(totalJsonl(report, "reproduced")).toBe(`${TOTALS.join("\n")}\n`);
    expect(totalJsonl(report, "corrected")).toBe(`${CORRECTED_CLOCK}\n${TOTALS[1]}\n`);
    expect(resultsJsonl(report, "corrected").split("\n")[0]).toBe(
      '{"task_id": "clock_1", "task": "Set an alarm for 7 am", "metric_type": "operation", "result": {"judge_page": true, "1": true, "2": false, "complete": false}, "RRR": null, "reasonable_operation_ratio": 0.6666666666666667}',
    );
    expect(report.successRate.corrected).toMatchObject({ successes: 1, n: 4 });
    expect(report.changed.map((t) => [t.taskId, t.metrics.changed])).toEqual([["clock_1", ["complete", "2", "RRR"]], ["clock_2", ["reasonable_operation_ratio"]]]);
    const corrections = correctionsJsonl(report).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(corrections[0]).toMatchObject({ task_id: "clock_1", changes: { complete: { from: true, to: false }, "2": { from: true, to: false }, RRR: { from: 0.75, to: null } }, verified_by: ["reviewer@bench.test"], revision_source: "review" });
    expect(corrections[1]).toMatchObject({ task_id: "clock_2", changes: { reasonable_operation_ratio: { from: 1, to: 0.5 } } });
  });
});
