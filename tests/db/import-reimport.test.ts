// Case 2 and 3 of issue 14: re-importing never touches human work. A trajectory imported
// without some screenshots and labelled, its verdicts overridden, then imported again with
// the screenshots keeps every step id, annotation, verdict and override; the screenshots are
// linked to the existing steps; a changed record updates its steps in place; a third import
// says "unchanged". A verdict line that names a step is stored on that step. Both providers.
import path from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { tempDir } from "../support/import-fixtures";
import { writeAndroidLabRun } from "../support/import-fixtures/androidlab";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

async function reviewer(db: Db, projectId: string): Promise<ProjectAccess> {
  const user = await db.user.create({ data: { email: "reviewer@reimport.test", name: "Reviewer" } });
  await db.membership.create({ data: { projectId, userId: user.id, role: "reviewer" } });
  return { user: { id: user.id, email: user.email, name: user.name, isOwner: false }, projectId, role: "reviewer" };
}

/** Everything a person did, as rows: it must read back the same after any re-import. */
async function humanWork(db: Db) {
  return {
    steps: (await db.step.findMany({ orderBy: { id: "asc" }, select: { id: true, trajectoryId: true, index: true } })),
    verdicts: (await db.judgeVerdict.findMany({ orderBy: { id: "asc" }, select: { id: true, stepId: true, trajectoryId: true, valueScore: true, valueBool: true } })),
    overrides: (await db.judgeOverride.findMany({ orderBy: { id: "asc" }, select: { id: true, verdictId: true, valueScore: true, valueBool: true, reason: true } })),
    annotations: (await db.annotation.findMany({ orderBy: { id: "asc" }, select: { id: true, version: true, traceVerdict: true, stepLabels: true, status: true } })),
  };
}

describe.each(PROVIDERS)("re-importing over human work (%s)", (provider) => {
  it("an AndroidLab run imported without screenshots, labelled and overridden, then imported with them: same steps, same work, screenshots linked", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const access = await reviewer(db, projectId);
    const root = await tempDir();
    await writeAndroidLabRun(root, { withScreens: false });
    const first = await importInto(db, projectId, root);
    expect(first.imagesMissing).toBe(12);

    // A step judge's verdict on step 1 of quark_3, given as a Verity JSONL verdict line.
    const quark3 = await db.trajectory.findFirstOrThrow({ where: { groupKey: "quark_3" }, include: { steps: { orderBy: { index: "asc" } } } });
    const lines = await tempDir();
    writeFileSync(path.join(lines, "verdicts.jsonl"), jsonl([
      { type: "verdict", dataset: "androidlab", target: { trajectory: quark3.sourceId, step: 1 }, kind: "mllm", judge: "step-judge", metric: "step_score", value: 6 },
    ]));
    expect((await importInto(db, projectId, path.join(lines, "verdicts.jsonl"))).created.verdicts).toBe(1);
    const stepVerdict = await db.judgeVerdict.findFirstOrThrow({ where: { judgeName: "step-judge" } });
    expect(stepVerdict).toMatchObject({ targetType: "step", stepId: quark3.steps[1]!.id, trajectoryId: null });

    await saveTrajectoryAnnotation(db, access, {
      trajectoryId: quark3.id, baseVersion: null, status: "submitted",
      payload: { traceVerdict: "failure", firstWrongStep: 2, steps: [{ stepIndex: 0, label: "correct" }, { stepIndex: 2, label: "incorrect", errorKind: "wrong_element" }], note: null },
    });
    await overrideVerdict(db, access, { verdictId: stepVerdict.id, value: 2, reason: "the step undid the previous one" });
    const ruleVerdict = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: quark3.id, kind: "rule" } });
    await overrideVerdict(db, access, { verdictId: ruleVerdict.id, value: false, reason: "the dialog was closed again" });
    const before = await humanWork(db);

    await writeAndroidLabRun(root, { withScreens: true });
    const second = await importInto(db, projectId, root);
    expect(second).toMatchObject({ rejectedCount: 0, updated: 3, created: { trajectories: 0, steps: 0, verdicts: 0 } });
    expect(await humanWork(db)).toEqual(before);
    expect(await db.step.count({ where: { mediaId: null } })).toBe(0);

    const third = await importInto(db, projectId, root);
    expect(third).toMatchObject({ updated: 0, unchanged: 4, created: { media: 0, steps: 0, verdicts: 0 } });
    expect(await humanWork(db)).toEqual(before);
  });

  it("a changed trajectory record updates its steps in place and keeps the steps it no longer has", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const access = await reviewer(db, projectId);
    const dir = await tempDir();
    const file = path.join(dir, "t.jsonl");
    const step = (thought: string, verdicts: object[] = []) => ({ image: null, action: { type: "click", x: 10, y: 20 }, thought, verdicts });
    const judged = [{ kind: "mllm", judge: "j", metric: "step_score", value: 8 }];
    const trajectory = (steps: object[]) => ({ type: "trajectory", id: "t1", goal: "Turn on dark mode", steps, verdicts: [{ kind: "rule", judge: "r", metric: "trace_success", value: true }] });
    writeFileSync(file, jsonl([trajectory([step("open settings", judged), step("tap display", judged), step("tap dark mode")])]));
    await importInto(db, projectId, file);
    const t = await db.trajectory.findFirstOrThrow({ include: { steps: { orderBy: { index: "asc" } } } });
    await saveTrajectoryAnnotation(db, access, { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: [{ stepIndex: 1, label: "correct" }], note: null } });
    const v = await db.judgeVerdict.findFirstOrThrow({ where: { stepId: t.steps[1]!.id } });
    await overrideVerdict(db, access, { verdictId: v.id, value: 3, reason: "wrong row" });
    const before = await humanWork(db);

    writeFileSync(file, jsonl([trajectory([step("open settings", judged), step("tap the display row", judged)])]));
    const changed = await importInto(db, projectId, file);
    expect(changed).toMatchObject({ updated: 1, created: { steps: 0, verdicts: 0 } });
    expect(changed.notes.map((n) => n.reason)).toContain("the source now has 2 steps; the 1 stored beyond them are kept, with their labels and verdicts");
    const after = await db.trajectory.findFirstOrThrow({ include: { steps: { orderBy: { index: "asc" } } } });
    expect(after.steps.map((s) => [s.id, s.thought])).toEqual([
      [t.steps[0]!.id, "open settings"],
      [t.steps[1]!.id, "tap the display row"],
      [t.steps[2]!.id, "tap dark mode"],
    ]);
    expect(await humanWork(db)).toEqual(before);

    const again = await importInto(db, projectId, file);
    expect(again).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it("stores a step's verdict line on the step, also when the trajectory comes in the same file, and adds it once", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const dir = await tempDir();
    const file = path.join(dir, "t.jsonl");
    writeFileSync(file, jsonl([
      { type: "trajectory", id: "t1", goal: "g", steps: [{ image: null, action: null }, { image: null, action: { type: "back" } }] },
      { type: "verdict", target: { trajectory: "t1", step: 1 }, kind: "rule", judge: "step-rule", metric: "step_score", value: 4 },
      { type: "verdict", target: { trajectory: "t1" }, kind: "mllm", judge: "trace-judge", metric: "trace_success", value: true },
    ]));
    await importInto(db, projectId, file);
    const steps = await db.step.findMany({ orderBy: { index: "asc" } });
    expect(await db.judgeVerdict.findMany({ select: { judgeName: true, targetType: true, stepId: true, trajectoryId: true }, orderBy: { judgeName: "asc" } })).toEqual([
      { judgeName: "step-rule", targetType: "step", stepId: steps[1]!.id, trajectoryId: null },
      { judgeName: "trace-judge", targetType: "trajectory", stepId: null, trajectoryId: steps[1]!.trajectoryId },
    ]);
    await importInto(db, projectId, file);
    expect(await db.judgeVerdict.count()).toBe(2);
  });
});

