// Raw reads of our models (lib/db/model-rows.ts), which the review screens make on every item
// (issue 38), give the record Prisma's own read gives, on SQLite and PostgreSQL: dates as
// Dates, booleans (and empty ones) as booleans, JSON of every shape (an object, a list, a
// bare string or number) as Prisma returns it, floats and integers as numbers.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { makeTrajectory, queueProject } from "./queue-support";
import type { Db } from "@/lib/db";
import { modelColumns, modelOf, type ModelName } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

async function rawRow(db: Db, model: ModelName, id: string, prefix = "") {
  const [row] = await execFor(db).all<Record<string, unknown>>(`SELECT ${modelColumns(db, model, "x", prefix)} FROM "${model}" x WHERE x."id" = ?`, [id]);
  return modelOf(db, model, row!, prefix);
}

describe.each(PROVIDERS)("model rows read raw on %s", (provider) => {
  it("a sample, a step, a trajectory and a verdict read raw are the records Prisma reads", async () => {
    const { db, project } = await queueProject(provider, { rev: "reviewer" });
    const media = await db.media.create({ data: { projectId: project.id, sha256: "c".repeat(64), mime: "image/png", width: 1280, height: 720, byteSize: 9, storageKey: "cc/cc/c.png" } });
    const sample = await db.groundingSample.create({
      data: {
        projectId: project.id, mediaId: media.id, instruction: "Tap ‘Save’ — 保存", sourceDataset: "d", sourceId: "s1", contentHash: "h1",
        boxX1: 10.25, boxY1: 20.5, boxX2: 30.75, boxY2: 41, targetAbsent: false, effectiveTargetAbsent: true,
        // JSON of other shapes than an object: a bare string and a list.
        extra: "just a string", polygon: [[1, 2], [3.5, 4]], verifiedAt: new Date("2026-01-02T03:04:05.678Z"), qualityScore: 7.5, predictionsTotal: 3,
      },
    });
    const trajectory = await makeTrajectory(db, project.id, "raw", 2);
    const [step] = await db.step.findMany({ where: { trajectoryId: trajectory.id }, orderBy: { index: "asc" } });
    await db.step.update({ where: { id: step!.id }, data: { action: { type: "click", x: 1.5, y: 2 }, observation: "3 elements", isRepeated: true, nextScreenRegions: 12 } });
    await db.trajectory.update({ where: { id: trajectory.id }, data: { extra: { resultEntries: [["1", true]] }, humanVerdict: null, reward: -0.5, agentClaimedFinish: true } });
    const verdict = await recordVerdict(db, { projectId: project.id, sampleId: sample.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: 6.25, rationale: "ok" });

    expect(await rawRow(db, "GroundingSample", sample.id)).toEqual(await db.groundingSample.findUniqueOrThrow({ where: { id: sample.id } }));
    expect(await rawRow(db, "Step", step!.id, "st_")).toEqual(await db.step.findUniqueOrThrow({ where: { id: step!.id } }));
    expect(await rawRow(db, "Trajectory", trajectory.id)).toEqual(await db.trajectory.findUniqueOrThrow({ where: { id: trajectory.id } }));
    expect(await rawRow(db, "JudgeVerdict", verdict.id)).toEqual(verdict);
    expect(await rawRow(db, "Media", media.id)).toEqual(media);
  });
});
