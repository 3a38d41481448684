// The public AndroidLab fixture's own evaluator files, reproduced from what Verity imported
// (the per-task results, the screenshots, ground_truth_length.json): total.jsonl and
// results.jsonl byte for byte, on SQLite and PostgreSQL. Skipped without ../shared/fixtures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describePublic } from "../support/public-fixtures";
import { freshDatabase, PROVIDERS } from "./databases";
import { FIXTURES, importInto, importProject } from "./import-support";
import { loadAndroidLabReport } from "@/lib/benchmarks/androidlab-report";
import { resultsJsonl, totalJsonl } from "@/lib/benchmarks/androidlab-files";

const RUN = path.join(FIXTURES, "androidlab-run");
const OUTPUTS = path.join(RUN, "outputs", "gpt4o-xml-synthetic_2024-10-16-15-02-11");

describePublic.each(PROVIDERS)("AndroidLab fixture reproduced on %s", (provider) => {
  it("total.jsonl and results.jsonl equal the evaluator's files, with no difference listed", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    await importInto(db, projectId, RUN);
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId } });
    const report = (await loadAndroidLabReport(db, projectId, run.id))!;
    expect(report.differences).toEqual([]);
    expect(totalJsonl(report, "reproduced")).toBe(readFileSync(path.join(OUTPUTS, "total.jsonl"), "utf8"));
    expect(resultsJsonl(report, "reproduced")).toBe(readFileSync(path.join(OUTPUTS, "results.jsonl"), "utf8"));
    // FORMAT.md §10: Acc 0.667, Complete_Correct 2, RRR 0.875, reasonable_operation_ratio 0.9167.
    const [quark] = report.original;
    expect(quark).toMatchObject({ App: "quark", Complete_Correct: { py: "int", value: 2 }, RRR: { value: 0.875 } });
    expect(quark!.Acc.value).toBeCloseTo(0.667, 3);
    expect(quark!.reasonable_operation_ratio.value).toBeCloseTo(0.9167, 4);
    // quark_2's turns 2 and 3 (0-based, as in the file names) share a screenshot: the stored comparison says so.
    const steps = await db.step.findMany({ where: { trajectory: { sourceId: { contains: "quark_2" } } }, orderBy: { index: "asc" } });
    expect(steps.map((s) => s.nextScreenUnchanged)).toEqual([false, false, true, false, null]);
    expect(steps.at(-1)!.nextScreenStatus).toBe("last_step");
  });
});
