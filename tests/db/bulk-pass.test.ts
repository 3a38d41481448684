import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import type { ProjectAccess } from "@/lib/auth/session";

describe.each(PROVIDERS)("bulk pass on %s", (provider) => {
  it("accepts and rejects many samples as the reviewer's answers, only within the project", async () => {
    const { db } = await freshDatabase(provider);
    const user = await db.user.create({ data: { email: "r@x.test", name: "R" } });
    const project = await db.project.create({ data: { slug: "b", name: "B", settings: {} } });
    const other = await db.project.create({ data: { slug: "o", name: "O", settings: {} } });
    const ids = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await db.groundingSample.create({ data: { projectId: project.id, instruction: `i${i}`, sourceDataset: "s", sourceId: `${i}`, contentHash: "h", boxX1: 1, boxY1: 1, boxX2: 9, boxY2: 9 } })).id);
    }
    const foreign = await db.groundingSample.create({ data: { projectId: other.id, instruction: "x", sourceDataset: "s", sourceId: "f", contentHash: "h" } });
    const access: ProjectAccess = { user: { id: user.id, email: user.email, name: "R", isOwner: false }, projectId: project.id, role: "reviewer" };

    expect(await bulkDecide(db, access, ids.slice(0, 3), "accept")).toBe(3);
    expect(await bulkDecide(db, access, ids.slice(3), "reject")).toBe(2);
    const statuses = (await db.groundingSample.findMany({ where: { projectId: project.id }, orderBy: { sourceId: "asc" } })).map((s) => s.status);
    expect(statuses).toEqual(["verified", "verified", "verified", "rejected", "rejected"]);
    const answers = await db.annotation.findMany({ where: { sampleId: ids[0] } });
    expect(answers).toMatchObject([{ status: "submitted", boxX1: 1, boxX2: 9, annotatorId: user.id }]);

    await expect(bulkDecide(db, access, [ids[0]!, foreign.id], "reject")).rejects.toThrow(/do not exist in this project/);
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("pending");
    expect((await db.groundingSample.findUniqueOrThrow({ where: { id: ids[0]! } })).status).toBe("verified");
  });
});
