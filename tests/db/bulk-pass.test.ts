import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { ProjectAccess } from "@/lib/auth/session";
import { finalOf } from "./queue-support";
import { rederiveStale } from "./derived-support";

describe.each(PROVIDERS)("bulk pass on %s", (provider) => {
  it("pins accepts and rejects as bulk revisions by the reviewer, never as a label, only within the project", async () => {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "r@x.test", name: "R" } });
    const project = await db.project.create({ data: { slug: "b", name: "B", settings: {} } });
    const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
    const ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await db.groundingSample.create({ data: { projectId: project.id, instruction: `i${i}`, sourceDataset: "s", sourceId: `${i}`, contentHash: "h", boxX1: 1, boxY1: 1, boxX2: 9, boxY2: 9 } })).id);
    }
    const foreign = await db.groundingSample.create({ data: { projectId: other.id, instruction: "x", sourceDataset: "s", sourceId: "f", contentHash: "h" } });
    await rederiveStale(db, project.id);
    const access: ProjectAccess = { user: { id: user.id, email: user.email, name: "R", isOwner: false }, projectId: project.id, role: "reviewer" };

    expect(await bulkDecide(db, access, ids.slice(0, 3), "accept")).toEqual({ decided: 3, unchanged: 0 });
    expect(await bulkDecide(db, access, ids.slice(3), "reject")).toEqual({ decided: 2, unchanged: 0 });
    // Accepting what is already accepted changes nothing.
    expect(await bulkDecide(db, access, ids.slice(0, 1), "accept")).toEqual({ decided: 0, unchanged: 1 });
    const statuses = (await db.groundingSample.findMany({ where: { projectId: project.id }, orderBy: { sourceId: "asc" } })).map((s) => s.status);
    expect(statuses).toEqual(["verified", "verified", "verified", "rejected", "rejected"]);
    expect(await finalOf(db, { sampleId: ids[0]! })).toMatchObject({ source: "bulk", decision: "accept", decidedById: user.id, boxX1: 1, boxX2: 9, note: "accepted in the bulk pass" });
    expect(await finalOf(db, { sampleId: ids[3]! })).toMatchObject({ source: "bulk", decision: "reject", note: "rejected in the bulk pass" });
    expect(await db.annotation.count()).toBe(0);

    // The reviewer later opens a rejected sample and submits a box: a new revision verifies it,
    // credited to their review, and nothing of the bulk note is carried over.
    await saveGroundingAnnotation(db, access, { sampleId: ids[3]!, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [1, 1, 9, 9], instructionRewrite: null, qualityScore: null, note: null } });
    const revised = await db.groundingSample.findUniqueOrThrow({ where: { id: ids[3]! }, include: { finalAnswer: true } });
    expect(revised).toMatchObject({ status: "verified", finalAnswer: { source: "review", revision: 2, decision: "accept", note: null } });
    expect(await db.answerRevision.findFirstOrThrow({ where: { sampleId: ids[3]!, revision: 1 } })).toMatchObject({ decision: "reject", supersededReason: "replaced by revision 2" });

    await expect(bulkDecide(db, access, [ids[0]!, foreign.id], "reject")).rejects.toThrow(/do not exist in this project/);
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("unreviewed");
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0]! } })).status).toBe("verified");
  });
});
