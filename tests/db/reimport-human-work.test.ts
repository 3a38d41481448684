// Issue 33: a re-import over reviewed work never breaks it silently. Each case is one of the
// issue's reproductions, on SQLite and PostgreSQL:
//   1. a verdict whose rationale alone changed is the same verdict (a new revision): the
//      override made on it stays in force; a changed value keeps the override and flags it;
//   2. a verified sample whose instruction the source changes is reopened (source_changed, its
//      final answer superseded, both inputs recorded), or keeps its verified inputs on `keep`;
//   3. the dashboard, the run's calibration and the API's judge counts read one computation;
//   4. an adjudication on answers that changed since the page loaded is refused;
//   5. a reviewer's submit over a final answer another reviewer pinned meanwhile is refused;
//   7. coordinates are shown with at most three decimals.
import path from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { reviewOverride } from "@/lib/verdicts/override-review";
import { judgeVsHuman } from "@/lib/dashboard/judge-vs-human";
import { judgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import { judgeHumanCounts, confusionOf } from "@/lib/verdicts/judge-human";
import { openSourceChange } from "@/lib/annotations/source-changes";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";
import { formatCoordinates } from "@/lib/i18n/format";

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

async function person(db: Db, projectId: string, name: string, role: "reviewer" | "annotator" | "admin"): Promise<ProjectAccess> {
  const user = await db.user.create({ data: { email: `${name}@reimport.test`, name } });
  await db.membership.create({ data: { projectId, userId: user.id, role } });
  return { user: { id: user.id, email: user.email, name: user.name, isOwner: false }, projectId, role };
}

/** Writes `lines` as one JSONL file and imports it (the same file name each time: a re-run). */
async function importLines(db: Db, projectId: string, dir: string, lines: object[], options: { onVerifiedChange?: "reopen" | "keep" } = {}) {
  const file = path.join(dir, "run.jsonl");
  writeFileSync(file, jsonl(lines));
  return importInto(db, projectId, file, options);
}

const RUN = { type: "run", name: "bench-v1", benchmark: "androidlab", model: "agent-v1" };
const rollout = (id: string, goal = `Goal of ${id}`, actionX = 40) => ({
  type: "trajectory", id, dataset: "bench", goal, benchmark: "androidlab", run: "bench-v1", app: "clock",
  // Screenshots that are not there: counted as missing, which is not what these cases are about.
  steps: [{ image: `shots/${id}-0.png`, action: { type: "click", x: actionX, y: 60 } }, { image: `shots/${id}-1.png`, action: { type: "finish" } }],
});
const ruleVerdict = (id: string, value: boolean, rationale: string) => ({ type: "verdict", dataset: "bench", target: { trajectory: id }, kind: "rule", judge: "checker", metric: "trace_success", value, rationale });
const judgeVerdict = (id: string, value: boolean, rationale = "looked at the last screen") => ({ type: "verdict", dataset: "bench", target: { trajectory: id }, kind: "mllm", judge: "judge-72b", prompt_version: "p1", metric: "trace_success", value, rationale });
const sampleLine = (id: string, instruction: string, box: number[]) => ({ type: "sample", id, dataset: "grounding", image: null, image_size: [400, 300], instruction, box });

async function trajectoryBySource(db: Db, sourceId: string) {
  return db.trajectory.findFirstOrThrow({ where: { sourceId } });
}

describe.each(PROVIDERS)("a re-import keeps human work (%s)", (provider) => {
  it("repro 1: a rationale-only re-import keeps the override; a changed value keeps it, flags the item, and a reviewer confirms or withdraws it", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const rev = await person(db, projectId, "Rita", "reviewer");
    const dir = await tempDir();
    await importLines(db, projectId, dir, [RUN, rollout("t1"), ruleVerdict("t1", false, "checker v2 log")]);
    const t1 = await trajectoryBySource(db, "t1");
    const rule = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: t1.id, kind: "rule" } });
    const override = await overrideVerdict(db, rev, { verdictId: rule.id, value: true, reason: "the checker missed the toast" });
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ autoOutcome: false, effectiveAutoOutcome: true });

    // The same run again, only the rationale rewritten: one verdict, a second revision, the override in force.
    const again = await importLines(db, projectId, dir, [RUN, rollout("t1"), ruleVerdict("t1", false, "checker v3 log")]);
    expect(await db.judgeVerdict.count({ where: { trajectoryId: t1.id, kind: "rule" } })).toBe(1);
    expect(await db.judgeVerdict.findUniqueOrThrow({ where: { id: rule.id } })).toMatchObject({ revision: 2, rationale: "checker v3 log", valueBool: false, effectiveBool: true, effectiveOverrideId: override.id, overrideOutdated: false });
    expect(await db.judgeVerdictRevision.count({ where: { verdictId: rule.id } })).toBe(2);
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ autoOutcome: false, effectiveAutoOutcome: true, verdictChangedUnderOverride: false });
    expect(again.created.verdicts).toBe(0);
    expect(again.updated).toBeGreaterThanOrEqual(1);
    // Only a value change under an override is something to decide: a new rationale is not.
    expect(again.verdictChanges ?? []).toEqual([]);

    // The value itself changes (the checker now says success): the override stays and the item is flagged.
    const flipped = await importLines(db, projectId, dir, [RUN, rollout("t1"), ruleVerdict("t1", true, "checker v4 log")]);
    expect(flipped.verdictChanges).toEqual([expect.objectContaining({ file: "run.jsonl", line: 3, judge: "checker", metric: "trace_success", from: false, to: true, override: true, owner: { itemType: "trajectory", itemId: t1.id } })]);
    expect(await db.judgeVerdict.findUniqueOrThrow({ where: { id: rule.id } })).toMatchObject({ revision: 3, valueBool: true, effectiveBool: true, effectiveOverrideId: override.id, overrideOutdated: true });
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ verdictChangedUnderOverride: true });

    // A reviewer confirms it on the current revision: the flag clears, the value stays theirs.
    await reviewOverride(db, rev, { overrideId: override.id, decision: "confirm" });
    const confirmed = await db.judgeVerdict.findUniqueOrThrow({ where: { id: rule.id } });
    expect(confirmed).toMatchObject({ effectiveBool: true, overrideOutdated: false });
    expect(confirmed.effectiveOverrideId).not.toBe(override.id);
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ verdictChangedUnderOverride: false });

    // The checker goes back to failure: flagged again; withdrawing lets the verdict stand.
    await importLines(db, projectId, dir, [RUN, rollout("t1"), ruleVerdict("t1", false, "checker v5 log")]);
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ verdictChangedUnderOverride: true, effectiveAutoOutcome: true });
    await reviewOverride(db, rev, { overrideId: confirmed.effectiveOverrideId!, decision: "withdraw", reason: "the checker is right this time" });
    expect(await db.judgeVerdict.findUniqueOrThrow({ where: { id: rule.id } })).toMatchObject({ effectiveBool: false, effectiveOverrideId: null, overrideOutdated: false });
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ verdictChangedUnderOverride: false, effectiveAutoOutcome: false });
    // Nothing a person wrote was deleted: the override and its confirmation are both there,
    // withdrawn together (the first would otherwise come back in force), with the reason.
    const history = await db.judgeOverride.findMany({ where: { verdictId: rule.id }, orderBy: { createdAt: "asc" } });
    expect(history.map((o) => [o.status, o.withdrawnReason])).toEqual([["withdrawn", "the checker is right this time"], ["withdrawn", "the checker is right this time"]]);
    // The review screen names both: who overrode, on which revision and value, who withdrew it and why.
    const [view] = await verdictsFor(db, projectId, { id: rule.id });
    expect(view!.revisions.map((r) => [r.revision, r.value, r.rationale])).toEqual([[1, false, "checker v2 log"], [2, false, "checker v3 log"], [3, true, "checker v4 log"], [4, false, "checker v5 log"]]);
    expect(view!.overrides.map((o) => [o.by, o.value, o.verdictRevision, o.baseValue, o.status, o.withdrawn?.by, o.withdrawn?.reason])).toEqual([
      ["Rita", true, 1, false, "withdrawn", "Rita", "the checker is right this time"],
      ["Rita", true, 3, true, "withdrawn", "Rita", "the checker is right this time"],
    ]);
  });

  it("repro 2: a verified sample whose instruction changes is reopened with both inputs recorded, out of the verified set; `keep` keeps the verified inputs", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const rev = await person(db, projectId, "Rita", "reviewer");
    const dir = await tempDir();
    await importLines(db, projectId, dir, [sampleLine("s1", "Click the S1 button", [110, 105, 230, 165]), sampleLine("s2", "Click the S2 button", [10, 10, 50, 50])]);
    const [s1, s2] = await Promise.all(["s1", "s2"].map((id) => db.groundingSample.findFirstOrThrow({ where: { sourceId: id } })));
    for (const s of [s1!, s2!]) {
      await saveAnswer(db, rev, { itemType: "sample", itemId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [110, 105, 230, 165], instructionRewrite: null, qualityScore: null, note: null } });
    }
    const verifiedFinal = (await db.groundingSample.findUniqueOrThrow({ where: { id: s1!.id } })).finalAnswerId;

    const report = await importLines(db, projectId, dir, [sampleLine("s1", "Click the S1 button (v2)", [120, 110, 240, 170]), sampleLine("s2", "Click the S2 button", [10, 10, 50, 50])]);
    expect(report.sourceChanges).toEqual([expect.objectContaining({ file: "run.jsonl", line: 1, itemType: "sample", itemId: s1!.id, item: "sample s1", action: "reopened", fields: [{ field: "instruction" }] })]);
    const reopened = await db.groundingSample.findUniqueOrThrow({ where: { id: s1!.id } });
    expect(reopened).toMatchObject({ status: "source_changed", finalAnswerId: null, instruction: "Click the S1 button (v2)" });
    // Verified items are what pools read: s1 left them, s2 (unchanged) stayed.
    expect((await db.groundingSample.findMany({ where: { projectId, status: "verified" }, select: { id: true } })).map((s) => s.id)).toEqual([s2!.id]);
    const change = await openSourceChange(db, projectId, { sampleId: s1!.id });
    expect(change).toMatchObject({ before: expect.objectContaining({ instruction: "Click the S1 button" }), after: expect.objectContaining({ instruction: "Click the S1 button (v2)" }) });
    expect(await db.sourceChange.findFirstOrThrow({ where: { sampleId: s1!.id } })).toMatchObject({ action: "reopened", revisionId: verifiedFinal });
    // The reviewer's answer is still there, superseded, not deleted.
    expect(await db.answerRevision.findUniqueOrThrow({ where: { id: verifiedFinal! } })).toBeTruthy();

    // Settling it again resolves the source change.
    await saveAnswer(db, rev, { itemType: "sample", itemId: s1!.id, baseVersion: 1, status: "submitted", payload: { targetAbsent: false, box: [120, 110, 240, 170], instructionRewrite: null, qualityScore: null, note: null } });
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: s1!.id } })).toMatchObject({ status: "verified" });
    expect(await openSourceChange(db, projectId, { sampleId: s1!.id })).toBeNull();

    // keep: the verified instruction stays, the item stays verified, the report says so.
    const kept = await importLines(db, projectId, dir, [sampleLine("s1", "Click the S1 button (v3)", [120, 110, 240, 170]), sampleLine("s2", "Click the S2 button", [10, 10, 50, 50])], { onVerifiedChange: "keep" });
    expect(kept.sourceChanges).toEqual([expect.objectContaining({ itemId: s1!.id, action: "kept" })]);
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: s1!.id } })).toMatchObject({ status: "verified", instruction: "Click the S1 button (v2)" });
  });

  it("repro 2 for trajectories: a changed goal or step action reopens a verified rollout", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const rev = await person(db, projectId, "Rita", "reviewer");
    const dir = await tempDir();
    await importLines(db, projectId, dir, [RUN, rollout("t1"), rollout("t2")]);
    for (const id of ["t1", "t2"]) {
      const t = await trajectoryBySource(db, id);
      await saveAnswer(db, rev, { itemType: "trajectory", itemId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: "success", firstWrongStep: null, steps: [{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "correct" }], note: null } });
    }
    const report = await importLines(db, projectId, dir, [RUN, rollout("t1", "Goal of t1, reworded"), rollout("t2", "Goal of t2", 90)]);
    expect(report.sourceChanges).toHaveLength(2);
    expect(await trajectoryBySource(db, "t1")).toMatchObject({ status: "source_changed", humanVerdict: null });
    expect(await trajectoryBySource(db, "t2")).toMatchObject({ status: "source_changed" });
    const fields = report.sourceChanges!.map((c) => [c.item, c.fields.map((f) => f.field)]);
    expect(fields).toEqual(expect.arrayContaining([[expect.stringContaining("t1"), ["goal"]], [expect.stringContaining("t2"), ["step_action"]]]));
  });

  it("repro 3: after a re-import changes a judge verdict, the dashboard, the run's calibration and the counts agree", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const rev = await person(db, projectId, "Rita", "reviewer");
    const dir = await tempDir();
    const ids = ["t1", "t2", "t3"];
    // The judge: t1 success, t2 failure, t3 failure; the humans: success, success, failure.
    const first = [true, false, false];
    await importLines(db, projectId, dir, [RUN, ...ids.map((id) => rollout(id)), ...ids.map((id, i) => judgeVerdict(id, first[i]!))]);
    const verdicts: ("success" | "failure")[] = ["success", "success", "failure"];
    for (const [i, id] of ids.entries()) {
      const t = await trajectoryBySource(db, id);
      await saveAnswer(db, rev, { itemType: "trajectory", itemId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: verdicts[i]!, firstWrongStep: null, steps: [], note: null } });
    }
    // A re-run of the judge on t2 now says success; an override on t3 is a person's label, not the judge's.
    await importLines(db, projectId, dir, [RUN, ...ids.map((id) => rollout(id)), ...ids.map((id, i) => judgeVerdict(id, i === 1 ? true : first[i]!))]);
    const t3Verdict = await db.judgeVerdict.findFirstOrThrow({ where: { trajectory: { sourceId: "t3" }, kind: "mllm" } });
    await overrideVerdict(db, rev, { verdictId: t3Verdict.id, value: true, reason: "testing the count" });

    const run = await db.evaluationRun.findFirstOrThrow({ where: { projectId } });
    const counts = confusionOf(await judgeHumanCounts(db, projectId));
    // judge rows × human columns: t1 S/S, t2 S/S, t3 F/F: three pairs, one per verdict identity.
    expect(counts).toEqual([[2, 0], [0, 1]]);
    const [dashboard] = await judgeVsHuman(db, projectId);
    expect(dashboard).toMatchObject({ judgeName: "judge-72b · p1", pairs: 3, matrix: counts });
    const [calibration] = await judgeCalibration(db, projectId, { runId: run.id });
    expect(calibration).toMatchObject({ judgeName: "judge-72b", promptVersion: "p1", judged: 3 });
    expect(calibration!.metrics.pairs).toBe(3);
    expect(calibration!.metrics.confusion).toEqual({ truePositive: 2, falsePositive: 0, falseNegative: 0, trueNegative: 1 });
    expect(calibration!.metrics.kappa?.kappa).toBeCloseTo(dashboard!.kappa!, 10);
  });

  it("repro 5: a reviewer's submit over a final answer another reviewer pinned since the page loaded is refused with theirs; the same reviewer's second submit is not", async () => {
    const { db } = await freshDatabase(provider);
    const projectId = await importProject(db);
    const rita = await person(db, projectId, "Rita", "reviewer");
    const ravi = await person(db, projectId, "Ravi", "reviewer");
    const dir = await tempDir();
    await importLines(db, projectId, dir, [sampleLine("s1", "Click OK", [10, 10, 50, 50])]);
    const s1 = await db.groundingSample.findFirstOrThrow({ where: { sourceId: "s1" } });
    const box = (n: number) => ({ targetAbsent: false, box: [n, n, n + 40, n + 40] as [number, number, number, number], instructionRewrite: null, qualityScore: null, note: null });

    // Both opened it unverified (no final answer). Ravi submits first.
    await saveAnswer(db, ravi, { itemType: "sample", itemId: s1.id, baseVersion: null, status: "submitted", payload: box(20), baseFinalAnswerId: null });
    const raviFinal = (await db.groundingSample.findUniqueOrThrow({ where: { id: s1.id } })).finalAnswerId!;
    const refused = saveAnswer(db, rita, { itemType: "sample", itemId: s1.id, baseVersion: null, status: "submitted", payload: box(30), baseFinalAnswerId: null });
    await expect(refused).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("Ravi"), details: { current: { version: null, final: { revisionId: raviFinal, by: "Ravi" }, payload: expect.objectContaining({ box: [20, 20, 60, 60] }) } } });
    // Refused whole: Rita's answer was not saved, Ravi's final stands.
    expect(await db.annotation.count({ where: { sampleId: s1.id, annotatorId: rita.user.id } })).toBe(0);
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: s1.id } })).finalAnswerId).toBe(raviFinal);

    // Having seen Ravi's, Rita replaces it: based on his final, her submit lands.
    await saveAnswer(db, rita, { itemType: "sample", itemId: s1.id, baseVersion: null, status: "submitted", payload: box(30), baseFinalAnswerId: raviFinal });
    const ritaFinal = (await db.groundingSample.findUniqueOrThrow({ where: { id: s1.id } })).finalAnswerId!;
    expect(ritaFinal).not.toBe(raviFinal);
    // Her own second submit from the same screen (still based on Ravi's) is not a conflict with herself.
    await saveAnswer(db, rita, { itemType: "sample", itemId: s1.id, baseVersion: 1, status: "submitted", payload: box(32), baseFinalAnswerId: raviFinal });
    expect(await db.answerRevision.count({ where: { sampleId: s1.id } })).toBe(3);
  });

  it("repro 7: coordinates read as at most three decimals, without grouping", () => {
    expect(formatCoordinates("en", [1204.5000000001, 10, 1333.3333333, 2048])).toBe("1204.5, 10, 1333.333, 2048");
  });
});
