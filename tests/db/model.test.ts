// The data model on both providers: constraints the later features rely on, cascades, and
// JSON columns that come back as they went in.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";

describe.each(PROVIDERS)("data model on %s", (provider) => {
  async function seed() {
    const { db } = await freshDatabase(provider);
    const project = await db.project.create({ data: { slug: "p1", name: "P1", settings: ProjectSettingsSchema.parse({}) } });
    const user = await db.user.create({ data: { email: "a@x.test", name: "A" } });
    return { db, project, user };
  }

  it("refuses a second membership of the same user in the same project", async () => {
    const { db, project, user } = await seed();
    await db.membership.create({ data: { projectId: project.id, userId: user.id, role: "annotator" } });
    await expect(db.membership.create({ data: { projectId: project.id, userId: user.id, role: "admin" } })).rejects.toThrow();
    expect(await db.membership.count()).toBe(1);
  });

  it("keys samples by source dataset and source id, so a re-import cannot duplicate them", async () => {
    const { db, project } = await seed();
    const sample = { projectId: project.id, instruction: "Tap OK", sourceDataset: "screenspot-v2", sourceId: "42", contentHash: "h" };
    await db.groundingSample.create({ data: sample });
    await expect(db.groundingSample.create({ data: sample })).rejects.toThrow();
  });

  it("never gives the same queue item to one person twice (unique claim per item and user)", async () => {
    const { db, project, user } = await seed();
    const queue = await db.queue.create({ data: { projectId: project.id, name: "q", itemType: "sample", filter: {}, createdById: user.id } });
    const sample = await db.groundingSample.create({ data: { projectId: project.id, instruction: "i", sourceDataset: "s", sourceId: "1", contentHash: "h" } });
    const item = await db.queueItem.create({ data: { queueId: queue.id, sampleId: sample.id } });
    const leaseUntil = new Date(Date.now() + 60_000);
    await db.claim.create({ data: { queueItemId: item.id, userId: user.id, leaseUntil } });
    await expect(db.claim.create({ data: { queueItemId: item.id, userId: user.id, leaseUntil } })).rejects.toThrow();
  });

  it("stores canonical actions as JSON and reads them back unchanged", async () => {
    const { db, project } = await seed();
    const action = { type: "drag", from: { x: 10.5, y: 20 }, to: { x: 300, y: 20 }, element: [0, 0, 5, 5] };
    const trajectory = await db.trajectory.create({
      data: {
        projectId: project.id, goal: "g", sourceDataset: "s", sourceId: "t1", contentHash: "h",
        steps: { create: [{ index: 0, action, actionType: "drag", thought: "ünïcödé ✓" }] },
      },
      include: { steps: true },
    });
    const step = await db.step.findUniqueOrThrow({ where: { id: trajectory.steps[0]!.id } });
    expect(step.action).toEqual(action);
    expect(step.thought).toBe("ünïcödé ✓");
  });

  it("keeps a judge verdict when it is overridden, and deletes both with their project", async () => {
    const { db, project, user } = await seed();
    const sample = await db.groundingSample.create({ data: { projectId: project.id, instruction: "i", sourceDataset: "s", sourceId: "1", contentHash: "h" } });
    const verdict = await db.judgeVerdict.create({
      data: { projectId: project.id, identityKey: "model-test", targetType: "sample", sampleId: sample.id, kind: "mllm", judgeName: "j", metric: "quality_score", valueScore: 8 },
    });
    await db.judgeOverride.create({ data: { verdictId: verdict.id, userId: user.id, valueScore: 3, reason: "box is loose" } });
    const reloaded = await db.judgeVerdict.findUniqueOrThrow({ where: { id: verdict.id }, include: { overrides: true } });
    expect(reloaded.valueScore).toBe(8);
    expect(reloaded.overrides.map((o) => o.valueScore)).toEqual([3]);

    await db.project.delete({ where: { id: project.id } });
    expect(await db.judgeVerdict.count()).toBe(0);
    expect(await db.judgeOverride.count()).toBe(0);
    expect(await db.groundingSample.count()).toBe(0);
  });

  it("allows one label annotation and one adjudication per item and annotator", async () => {
    const { db, project, user } = await seed();
    const sample = await db.groundingSample.create({ data: { projectId: project.id, instruction: "i", sourceDataset: "s", sourceId: "1", contentHash: "h" } });
    const base = { projectId: project.id, annotatorId: user.id, itemType: "sample", sampleId: sample.id };
    await db.annotation.create({ data: { ...base, kind: "label", boxX1: 1, boxY1: 2, boxX2: 3, boxY2: 4 } });
    await db.annotation.create({ data: { ...base, kind: "adjudication", targetAbsent: true } });
    await expect(db.annotation.create({ data: { ...base, kind: "label" } })).rejects.toThrow();
  });
});
