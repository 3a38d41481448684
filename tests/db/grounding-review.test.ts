// Saving reviews with optimistic locking, judge overrides and the sample list's filters,
// on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { ProjectAccess } from "@/lib/auth/session";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { listSamples } from "@/lib/samples/list-samples";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { rederiveStale } from "@/lib/derived/rederive-stale";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const reviewerView = { seesHuman: true };
const payload = (box: [number, number, number, number] | null, extra: Partial<GroundingPayload> = {}): GroundingPayload => ({
  targetAbsent: box === null, box, instructionRewrite: null, qualityScore: null, note: null, ...extra,
});

describe.each(PROVIDERS)("grounding review on %s", (provider) => {
  async function setup(role: ProjectAccess["role"] = "annotator") {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: `${role}@x.test`, name: role } });
    const project = await db.project.create({ data: { slug: "g", name: "G", settings: {} } });
    const sample = await db.groundingSample.create({
      data: { projectId: project.id, instruction: "Tap OK", sourceDataset: "s", sourceId: "1", contentHash: "h", boxX1: 1, boxY1: 1, boxX2: 5, boxY2: 5, imageWidth: 100, imageHeight: 100 },
    });
    const access: ProjectAccess = { user: { id: user.id, email: user.email, name: user.name, isOwner: false }, projectId: project.id, role };
    return { db, project, sample, access };
  }

  it("saves a draft, then versions; a save based on an old version is refused with the newer answer", async () => {
    const { db, sample, access } = await setup();
    const first = await saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: null, status: "draft", payload: payload([10, 10, 20, 20]) });
    expect(first.version).toBe(1);
    const second = await saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: 1, status: "draft", payload: payload([11, 10, 20, 20]) });
    expect(second.version).toBe(2);

    // A second tab still based on version 1.
    const stale = saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: 1, status: "draft", payload: payload([50, 50, 60, 60]) });
    await expect(stale).rejects.toMatchObject({ code: "conflict", details: { current: { version: 2, payload: { box: [11, 10, 20, 20] } } } });
    // A first save racing an existing row is a conflict too, not a duplicate.
    await expect(saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: null, status: "draft", payload: payload(null) })).rejects.toMatchObject({ code: "conflict" });

    const rows = await db.annotation.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 2, boxX1: 11 });
  });

  it("of concurrent saves from one version exactly one lands", async () => {
    const { db, sample, access } = await setup();
    await saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: null, status: "draft", payload: payload([1, 1, 9, 9]) });
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: 1, status: "draft", payload: payload([i, 1, 30, 9]) })),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect((await db.annotation.findFirstOrThrow()).version).toBe(2);
  });

  it("refuses to submit without an answer, and marks the sample in review (annotator) or verified (reviewer)", async () => {
    const { db, sample, access } = await setup();
    await expect(
      saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: null, status: "submitted", payload: { ...payload(null), targetAbsent: false } }),
    ).rejects.toThrow(/draw the target box, or mark the target absent/);
    await saveGroundingAnnotation(db, access, { sampleId: sample.id, baseVersion: null, status: "submitted", payload: payload(null) });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } })).status).toBe("in_review");

    const reviewer = await db.user.create({ data: { email: "r@x.test", name: "R" } });
    await saveGroundingAnnotation(db, { ...access, user: { ...access.user, id: reviewer.id }, role: "reviewer" }, { sampleId: sample.id, baseVersion: null, status: "submitted", payload: payload([2, 2, 8, 8]) });
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } })).status).toBe("verified");
  });

  it("an override keeps the verdict, points at it, and moves the effective score and tier", async () => {
    const { db, project, sample, access } = await setup("reviewer");
    const verdict = await recordVerdict(db, { projectId: project.id, sampleId: sample.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: 8 });
    // Written as an import writes it: derived at the end of the batch.
    await rederiveStale(db, project.id);
    const gold = SampleFilterSchema.parse({ tier: "gold" });
    expect((await listSamples(db, project.id, gold, reviewerView)).total).toBe(1);

    await overrideVerdict(db, access, { verdictId: verdict.id, value: 3, reason: "box is loose" });
    expect((await db.judgeVerdict.findUniqueOrThrow({ where: { id: verdict.id } })).valueScore).toBe(8);
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } })).qualityScore).toBe(3);
    expect((await listSamples(db, project.id, gold, reviewerView)).total).toBe(0);
    expect((await listSamples(db, project.id, SampleFilterSchema.parse({ tier: "discard" }), reviewerView)).total).toBe(1);
    await expect(overrideVerdict(db, access, { verdictId: verdict.id, value: true, reason: "wrong kind" })).rejects.toThrow(/0-10 score/);
    await expect(overrideVerdict(db, access, { verdictId: verdict.id, value: 5, reason: "" })).rejects.toThrow();
  });

  it("does not save onto another project's sample", async () => {
    const { db, access } = await setup();
    const other = await db.project.create({ data: { slug: "other", name: "O", settings: {} } });
    const foreign = await db.groundingSample.create({ data: { projectId: other.id, instruction: "x", sourceDataset: "s", sourceId: "2", contentHash: "h" } });
    await expect(saveGroundingAnnotation(db, access, { sampleId: foreign.id, baseVersion: null, status: "draft", payload: payload([1, 1, 2, 2]) })).rejects.toMatchObject({ code: "not_found" });
  });

  it("filters the list by refusal, prediction correctness and review status, and pages with a cursor", async () => {
    const { db, project } = await setup();
    for (let i = 0; i < 60; i++) {
      const s = await db.groundingSample.create({
        data: { projectId: project.id, instruction: `i${i}`, sourceDataset: "bulk", sourceId: `b${i}`, contentHash: "h", targetAbsent: i % 4 === 0, platform: i % 2 ? "web" : "android" },
      });
      // A refusal sample's correct answer is [-1,-1]; the others have the box the point hits every third time.
      const hits = i % 3 === 0;
      if (!s.targetAbsent) await db.groundingSample.update({ where: { id: s.id }, data: { boxX1: 0, boxY1: 0, boxX2: hits ? 10 : 0.5, boxY2: 10 } });
      await db.modelPrediction.create({ data: { projectId: project.id, sampleId: s.id, model: "m", ...(s.targetAbsent && hits ? { kind: "refusal" } : { kind: "point", x: 1, y: 1 }) } });
    }
    await rederiveStale(db, project.id);
    const f = (o: object) => SampleFilterSchema.parse(o);
    expect((await listSamples(db, project.id, f({ source: "bulk", refusal: "yes" }), reviewerView)).total).toBe(15);
    expect((await listSamples(db, project.id, f({ source: "bulk", correctness: "correct" }), reviewerView)).total).toBe(20);
    expect((await listSamples(db, project.id, f({ source: "bulk", platform: "web", correctness: "wrong" }), reviewerView)).total).toBe(20);
    expect((await listSamples(db, project.id, f({ status: "settled" }), reviewerView)).total).toBe(0);
    expect((await listSamples(db, project.id, f({ status: "unreviewed" }), reviewerView)).total).toBe(61);
    const first = await listSamples(db, project.id, f({ source: "bulk" }), reviewerView);
    const second = await listSamples(db, project.id, f({ source: "bulk", after: first.nextAfter! }), reviewerView);
    expect(first.samples).toHaveLength(48);
    expect(second.samples).toHaveLength(12);
    expect(new Set([...first.samples, ...second.samples].map((s) => s.id)).size).toBe(60);
    // Unknown or hostile filter values are dropped, not passed to the query.
    expect(f({ refusal: "maybe", status: { not: "x" }, after: "'; drop table" })).toEqual({});
  });
});
