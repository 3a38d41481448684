// OSWorld's and WebVoyager's own figures, reproduced and corrected (both databases): OSWorld's
// per-domain success as show_result.py prints it, with result.txt written back per example;
// WebVoyager's per-site success from its auto-evaluation log and the verified answers, with
// the reference answer beside each task.
import { cp, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { generatedFixtures, importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import { OSWORLD_IDS, writeOsworldFixture } from "../support/fixtures/osworld-fixture";
import type { ProjectAccess } from "@/lib/auth/session";
import { benchmarkFile } from "@/lib/benchmarks/benchmark-files";
import { loadOsworldReport } from "@/lib/benchmarks/osworld-report";
import { loadWebVoyagerReport } from "@/lib/benchmarks/webvoyager-report";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";

async function reviewerOf(db: Awaited<ReturnType<typeof freshDatabase>>["db"], projectId: string): Promise<ProjectAccess> {
  const user = await db.user.create({ data: { email: "checker@bench.test", name: "C" } });
  return { user: { id: user.id, email: user.email, name: "C", isOwner: false }, projectId, role: "reviewer" };
}

describe.each(PROVIDERS)("OSWorld and WebVoyager figures on %s", (provider) => {
  it("OSWorld: chrome 1.0 and 0.0 is 50 %; verified a success, the 0.0 example becomes 1.0 in result.txt and the table", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    await importInto(db, projectId, await writeOsworldFixture());
    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId, name: "osworld/pyautogui/screenshot/test-model" } });
    // The example that timed out wrote no result.txt: show_result.py does not count it.
    expect(await benchmarkFile(db, projectId, run.id, "show_result.txt", "reproduced").then((f) => f.body.toString())).toBe(
      "Domain: chrome Runned: 2 Success Rate: 50.0 %\n>>>>>>>>>>>>>\nRunned: 2 Current Success Rate: 50.0 %\n",
    );
    const messy = await db.trajectory.findFirstOrThrow({ where: { projectId, sourceId: { endsWith: OSWORLD_IDS.messy } } });
    await saveTrajectoryAnnotation(db, await reviewerOf(db, projectId), { trajectoryId: messy.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: [], note: null } });
    const report = (await loadOsworldReport(db, projectId, run.id))!;
    expect(report.corrected.perDomain).toEqual([{ domain: "chrome", runned: 2, sum: 2, successRate: 100 }]);
    expect(report.changed.map((t) => t.taskId)).toEqual([OSWORLD_IDS.messy]);
    const zip = unzipSync(new Uint8Array((await benchmarkFile(db, projectId, run.id, "result_files.zip", "corrected")).body));
    expect(Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)]))).toEqual({
      [`pyautogui/screenshot/test-model/chrome/${OSWORLD_IDS.search}/result.txt`]: "1.0\n",
      [`pyautogui/screenshot/test-model/chrome/${OSWORLD_IDS.messy}/result.txt`]: "1.0\n",
    });
    const corrections = (await benchmarkFile(db, projectId, run.id, "corrections.jsonl", "corrected")).body.toString();
    expect(JSON.parse(corrections)).toMatchObject({ changes: { score: { from: 0, to: 1 } }, verified_by: ["checker@bench.test"] });
  });

  it("WebVoyager: the auto-evaluation's verdicts and reference answers imported, per-site success corrected by a verified answer", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const root = await tempDir();
    await cp(path.join(await generatedFixtures(), "webvoyager"), root, { recursive: true });
    const tasks = (await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    // auto_eval.py's log: a header per task folder, the reply, and its verdict (None: the reply said neither).
    const log = tasks.map((t, i) => `--------------------- ../results/examples/${t} ---------------------\nCalling gpt4v API to get the auto evaluation......\nAPI call complete...\n{'role': 'user', 'content': []}\nThe screenshots show the answer. Verdict: ${i === 0 ? "SUCCESS" : "NOT SUCCESS"}\nAuto_eval_res: ${i === 0 ? 1 : 0}\n`).join("\n");
    await mkdir(path.join(root, "evaluation"), { recursive: true });
    await writeFile(path.join(root, "evaluation", "evaluation.log"), log);
    const ids = tasks.map((t) => t.slice("task".length));
    const reference: Record<string, { notice: string; answers: { id: number; type: string; ans: string }[] }> = {};
    for (const id of ids) {
      const [web, n] = id.split("--") as [string, string];
      reference[web] ??= { notice: "", answers: [] };
      reference[web]!.answers.push({ id: Number(n), type: "golden", ans: `answer of ${id}` });
    }
    await writeFile(path.join(root, "reference_answer.json"), JSON.stringify(reference));
    await importInto(db, projectId, root);

    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId, benchmark: "webvoyager" } });
    let report = (await loadWebVoyagerReport(db, projectId, run.id))!;
    expect(report.overall.auto).toMatchObject({ successes: 1, n: tasks.length });
    expect(report.tasks.every((t) => t.reference?.ans === `answer of ${t.taskId}` && t.reference.type === "golden")).toBe(true);
    const judged = await db.judgeVerdict.findFirstOrThrow({ where: { projectId, judgeName: "webvoyager/auto_eval", valueBool: true } });
    expect(judged.rationale).toContain("Verdict: SUCCESS");

    const failed = report.tasks.find((t) => t.auto === false)!;
    await saveTrajectoryAnnotation(db, await reviewerOf(db, projectId), { trajectoryId: failed.trajectoryId, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: [], note: null } });
    report = (await loadWebVoyagerReport(db, projectId, run.id))!;
    expect(report.overall.corrected).toMatchObject({ successes: 2, n: tasks.length });
    expect(report.changed.map((t) => t.taskId)).toEqual([failed.taskId]);
    const lists = (await benchmarkFile(db, projectId, run.id, "auto_eval_results.txt", "corrected")).body.toString();
    expect(lists.split("\n").filter(Boolean)).toHaveLength(report.perSite.length);
    expect(lists).toContain(`${failed.site}: [`);
  });
});
