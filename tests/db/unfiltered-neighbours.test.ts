// The review screens read an item's neighbours in the plain list (nothing filtered) in one raw
// statement, and walk a filtered list through Prisma (issue 38). Both must give the same
// answers: here every item passes the filter, so the filtered walk is the reference for the raw
// read, for a reviewer (the next still to review skips a settled item), an annotator (it skips
// what they answered themselves, and nothing else) and no viewer, on SQLite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "./databases";
import { boxAnswer, makeSamples, makeTrajectory, queueProject, trajectoryAnswer, labels } from "./queue-support";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { neighbourSamples } from "@/lib/samples/list-samples";
import { neighbourTrajectories } from "@/lib/trajectories/list-trajectories";

const PEOPLE = { ann: "annotator", rev: "reviewer" } as const;

describe.each(PROVIDERS)("neighbours in the plain list on %s", (provider) => {
  it("trajectories: previous, next, the next still to review and the next one's first screenshot, as the filtered walk says", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const ids: string[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) ids.push((await makeTrajectory(db, project.id, name, 2)).id);
    ids.sort();
    await db.trajectory.updateMany({ where: { projectId: project.id }, data: { benchmark: "every" } });
    const media = await db.media.create({ data: { projectId: project.id, sha256: "e".repeat(64), mime: "image/png", width: 10, height: 10, byteSize: 1, storageKey: "e.png" } });
    await db.step.update({ where: { trajectoryId_index: { trajectoryId: ids[2]!, index: 0 } }, data: { mediaId: media.id } });
    // The reviewer settles c; the annotator answers d (which settles nothing: one answer of a reviewer's kind is missing).
    await saveAnswer(db, person("rev"), { itemType: "trajectory", itemId: ids[2]!, baseVersion: null, status: "submitted", payload: trajectoryAnswer("success", labels("correct", "correct")) });
    await saveAnswer(db, person("ann"), { itemType: "trajectory", itemId: ids[3]!, baseVersion: null, status: "submitted", payload: trajectoryAnswer("failure", labels("correct", "incorrect")) });
    const viewers = [{ userId: person("rev").user.id, seesHuman: true }, { userId: person("ann").user.id, seesHuman: false }, undefined];
    for (const id of ids) {
      for (const viewer of viewers) {
        const raw = await neighbourTrajectories(db, project.id, id, {}, viewer);
        expect(raw).toEqual(await neighbourTrajectories(db, project.id, id, { benchmark: "every" }, viewer));
      }
    }
    // What the two were held to: from b, the reviewer's next to review passes over the settled c;
    // the annotator's from c passes over the d they answered; c's screenshot rides with b's next.
    expect(await neighbourTrajectories(db, project.id, ids[1]!, {}, viewers[0])).toEqual({ previous: ids[0], next: ids[2], nextToReview: ids[3], nextMediaId: media.id });
    expect((await neighbourTrajectories(db, project.id, ids[2]!, {}, viewers[1])).nextToReview).toBe(ids[4]);
    expect((await neighbourTrajectories(db, project.id, ids[4]!, {}, viewers[0]))).toEqual({ previous: ids[3], next: null, nextToReview: null, nextMediaId: null });
  });

  it("samples: previous and next with their screenshots, as the filtered walk says, whoever looks", async () => {
    const { db, project, person } = await queueProject(provider, PEOPLE);
    const ids = (await makeSamples(db, project.id, 4)).sort();
    const media = await db.media.create({ data: { projectId: project.id, sha256: "f".repeat(64), mime: "image/png", width: 10, height: 10, byteSize: 1, storageKey: "f.png" } });
    await db.groundingSample.update({ where: { id: ids[2]! }, data: { mediaId: media.id } });
    await saveGroundingAnnotation(db, person("rev"), { sampleId: ids[1]!, baseVersion: null, status: "submitted", payload: boxAnswer([1, 1, 5, 5]) });
    for (const id of ids) {
      for (const viewer of [{ seesHuman: true }, { seesHuman: false }]) {
        expect(await neighbourSamples(db, project.id, id, {}, viewer)).toEqual(await neighbourSamples(db, project.id, id, { source: "test" }, viewer));
      }
    }
    expect(await neighbourSamples(db, project.id, ids[1]!, {}, { seesHuman: true })).toEqual({ previous: { id: ids[0], mediaId: null }, next: { id: ids[2], mediaId: media.id } });
    expect(await neighbourSamples(db, project.id, ids[0]!, {}, { seesHuman: false })).toEqual({ previous: null, next: { id: ids[1], mediaId: null } });
  });
});
