// Verity JSONL `annotation` lines on SQLite and PostgreSQL: labels by e-mail become the
// annotations of one placeholder per address (whatever its case), drafts stay drafts, a
// submitted label puts the item in review, a verified one pins the final answer (a box in
// another coordinate contract converted to pixels first, a refusal as target absent); refused
// lines say why with their line; a verified label on an item a reviewer already decided is
// kept as the annotator's answer and reported, never pinned over it. Linking a placeholder
// to a user who answered the same item is refused; turning a placeholder into a user keeps
// its work.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { importInto } from "./import-support";
import type { ProjectAccess } from "@/lib/auth/session";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { grantRole } from "@/lib/projects/members";
import { convertPlaceholder, linkPlaceholder, listPlaceholders } from "@/lib/users/placeholders";
import { jsonl, writeTree } from "../support/fixtures/write-tree";
import { renderScreen } from "../support/import-fixtures/screens";

const items = [
  { type: "sample", id: "s1", image: "shot.png", instruction: "Tap Save", box: [100, 100, 200, 150] },
  { type: "sample", id: "s2", image: "shot.png", instruction: "Tap the gear", box: [10, 10, 50, 50] },
  { type: "sample", id: "s3", image: "shot.png", instruction: "Tap Undo", box: [300, 200, 340, 230] },
  { type: "trajectory", id: "t1", goal: "Turn on dark mode", steps: [{ image: null, action: { type: "click", x: 5, y: 5 } }, { image: null, action: { type: "finish" } }] },
];

const labels = [
  // line 1: verified box in [0,1000] of the 400x300 screenshot
  { type: "annotation", annotator: "Ann@Example.com", target: { sample: "s1" }, status: "verified", box: [250, 333.3333, 500, 500], coords: "xyxy:0-1000" },
  // line 2: the same person in lower case, a refusal
  { type: "annotation", annotator: "ann@example.com", target: { sample: "s2" }, status: "verified", box: null },
  // line 3: a submitted trajectory label with step labels
  { type: "annotation", annotator: "bo@example.com", target: { trajectory: "t1" }, trace_verdict: "failure", first_wrong_step: 1, steps: [{ step: 0, label: "correct" }, { step: 1, label: "incorrect", error_kind: "premature_finish" }], submitted_at: "2025-03-01T10:00:00Z" },
  // line 4: a draft without a box yet
  { type: "annotation", annotator: "bo@example.com", target: { sample: "s3" }, status: "draft", note: "unsure where Undo is" },
  // line 5: submitted without a trace verdict
  { type: "annotation", annotator: "cy@example.com", target: { trajectory: "t1" }, steps: [{ step: 0, label: "correct" }] },
  // line 6: a trace verdict on a sample
  { type: "annotation", annotator: "cy@example.com", target: { sample: "s3" }, trace_verdict: "success" },
  // line 7: a step the trajectory does not have
  { type: "annotation", annotator: "dee@example.com", target: { trajectory: "t1" }, trace_verdict: "success", steps: [{ step: 5, label: "correct" }] },
  // line 8: an item that is not imported
  { type: "annotation", annotator: "cy@example.com", target: { sample: "nope" }, box: null },
  // line 9: the same label twice
  { type: "annotation", annotator: "ANN@example.com", target: { sample: "s2" }, status: "verified", box: null },
];

describe.each(PROVIDERS)("Verity JSONL annotation lines on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "labels", name: "Labels", settings: {} } });
    const root = await writeTree({ "items.jsonl": jsonl(items), "shot.png": renderScreen(400, 300, 7), "labels.jsonl": jsonl(labels) });
    const report = await importInto(db, project.id, path.join(root, "items.jsonl"), { images: root });
    expect(report.rejected).toEqual([]);
    const id = async (sourceId: string) => (await db.groundingSample.findFirst({ where: { sourceId } }))?.id ?? (await db.trajectory.findFirstOrThrow({ where: { sourceId } })).id;
    return { db, project, root, id };
  }

  it("imports drafts, submitted and verified labels by e-mail, and refuses what a submit would refuse", async () => {
    const { db, project, root, id } = await setup();
    const report = await importInto(db, project.id, path.join(root, "labels.jsonl"));
    expect(report.labels).toEqual({ annotations: 4, placeholders: 2, finalAnswers: 2 });
    expect(report.rejected.map((r) => [r.line, r.reason]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [5, expect.stringContaining("choose the trace verdict")],
      [6, "trace_verdict: not a field of a sample label"],
      [7, expect.stringContaining("a label names a step the trajectory does not have")],
      [8, expect.stringContaining('sample "nope" of dataset verity is not imported')],
      [9, expect.stringContaining("duplicate: label of ann@example.com")],
    ]);
    const ann = await db.user.findFirstOrThrow({ where: { name: "ann@example.com" } });
    expect(ann).toMatchObject({ isPlaceholder: true, passwordHash: null });
    // A placeholder works nowhere: no role can be granted to it, so no queue hands it items.
    await expect(grantRole(db, project.id, { email: ann.email, role: "annotator" })).rejects.toMatchObject({ code: "not_found" });
    expect(await db.membership.count({ where: { userId: ann.id } })).toBe(0);

    const s1 = await db.groundingSample.findUniqueOrThrow({ where: { id: await id("s1") }, include: { finalAnswer: true } });
    expect(s1).toMatchObject({ status: "verified", effectiveBoxX1: 100, effectiveBoxX2: 200, effectiveBoxY2: 150 });
    expect(s1.effectiveBoxY1).toBeCloseTo(100, 3);
    expect(s1.finalAnswer).toMatchObject({ source: "import", decidedById: null, contributorIds: [ann.id] });
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: await id("s2") } })).toMatchObject({ status: "verified", effectiveTargetAbsent: true });

    const t1 = await db.trajectory.findUniqueOrThrow({ where: { id: await id("t1") } });
    expect(t1).toMatchObject({ status: "in_review", finalAnswerId: null, humanVerdict: null });
    const bo = await db.annotation.findFirstOrThrow({ where: { trajectoryId: t1.id } });
    expect(bo).toMatchObject({ status: "submitted", traceVerdict: "failure", firstWrongStep: 1, stepsCorrect: 1, stepsIncorrect: 1 });
    expect(bo.submittedAt?.toISOString()).toBe("2025-03-01T10:00:00.000Z");
    expect(bo.stepLabels).toEqual([{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "incorrect", errorKind: "premature_finish" }]);
    // A draft changes nothing about its item.
    const s3 = await db.groundingSample.findUniqueOrThrow({ where: { id: await id("s3") } });
    expect(s3.status).toBe("unreviewed");
    expect(await db.annotation.findFirstOrThrow({ where: { sampleId: s3.id } })).toMatchObject({ status: "draft", submittedAt: null, note: "unsure where Undo is", boxX1: null });
  });

  it("never pins over a reviewer's final answer, refuses to link a placeholder onto a user with their own answer there, and makes a user of it instead", async () => {
    const { db, project, root, id } = await setup();
    const rita = await db.user.create({ data: { email: "rita@example.com", name: "Rita" } });
    await db.membership.create({ data: { projectId: project.id, userId: rita.id, role: "reviewer" } });
    const access: ProjectAccess = { user: { id: rita.id, email: rita.email, name: "Rita", isOwner: false }, projectId: project.id, role: "reviewer" };
    const s1 = await id("s1");
    await saveAnswer(db, access, { itemType: "sample", itemId: s1, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [90, 90, 210, 160], instructionRewrite: null, qualityScore: null, note: null } });
    const reviewed = await db.groundingSample.findUniqueOrThrow({ where: { id: s1 } });

    const report = await importInto(db, project.id, path.join(root, "labels.jsonl"));
    expect(report.labels.finalAnswers).toBe(1);
    expect(report.notes).toContainEqual({ file: "labels.jsonl", line: 1, reason: expect.stringMatching(/^kept as ann@example.com's answer, not pinned: the item's final answer is revision 1 \(review\)/) });
    expect(await db.groundingSample.findUniqueOrThrow({ where: { id: s1 } })).toMatchObject({ finalAnswerId: reviewed.finalAnswerId, effectiveBoxX1: 90 });
    expect(await db.annotation.count({ where: { sampleId: s1 } })).toBe(2);

    // Rita and ann both answered s1: one person cannot hold both answers.
    const ann = (await listPlaceholders(db)).find((p) => p.name === "ann@example.com")!;
    expect(ann.annotations).toBe(2);
    await expect(linkPlaceholder(db, { placeholderId: ann.id, userId: rita.id, ownerId: rita.id })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining(`sample ${s1}`) });
    expect(await db.annotation.count({ where: { annotatorId: ann.id } })).toBe(2);

    // The e-mail the labels gave belongs to a user: shown as the likely match only once they are
    // a member of the project the labels were imported into (issue 36 item 13: a user of another
    // project, or the site owner, was offered on the e-mail alone, and one click credited this
    // project's work to them).
    const real = await db.user.create({ data: { email: "bo@example.com", name: "Bo" } });
    const boOf = async () => (await listPlaceholders(db)).find((p) => p.name === "bo@example.com")!;
    expect(await boOf()).toMatchObject({ suggestedUserId: null });
    expect((await boOf()).memberIds).not.toContain(real.id);
    await expect(linkPlaceholder(db, { placeholderId: (await boOf()).id, userId: real.id, ownerId: rita.id })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/^bo@example.com is not a member of .*; tick "link anyway"/) });
    expect(await db.annotation.count({ where: { annotatorId: (await boOf()).id } })).toBeGreaterThan(0);
    await db.membership.create({ data: { projectId: project.id, userId: real.id, role: "annotator" } });
    expect(await boOf()).toMatchObject({ suggestedUserId: real.id });
    expect((await boOf()).memberIds).toContain(real.id);
    // The owner, a member with the same e-mail as a label, is never suggested on the e-mail alone.
    const annOwner = await db.user.update({ where: { id: rita.id }, data: { isOwner: true } });
    await db.user.update({ where: { id: annOwner.id }, data: { email: "ann@example.com" } });
    expect((await listPlaceholders(db)).find((p) => p.name === "ann@example.com")).toMatchObject({ suggestedUserId: null });
    await db.user.update({ where: { id: annOwner.id }, data: { email: "rita@example.com", isOwner: false } });

    const made = await convertPlaceholder(db, { placeholderId: ann.id, email: "ann@example.com", name: "Ann", passwordHash: "scrypt$x", ownerId: rita.id });
    expect(made).toMatchObject({ annotations: 2, user: { id: ann.id, email: "ann@example.com", name: "Ann" } });
    const s2Final = await db.groundingSample.findUniqueOrThrow({ where: { id: await id("s2") }, include: { finalAnswer: true } });
    expect(s2Final.finalAnswer!.contributorIds).toEqual([ann.id]);
    expect(await db.user.findUniqueOrThrow({ where: { id: ann.id } })).toMatchObject({ isPlaceholder: false });
    // Re-importing finds Ann herself: nothing new, nothing changed.
    const again = await importInto(db, project.id, path.join(root, "labels.jsonl"));
    expect(again.labels).toEqual({ annotations: 0, placeholders: 0, finalAnswers: 0 });
    expect(await db.user.count({ where: { isPlaceholder: true } })).toBe(1);
  });
});
