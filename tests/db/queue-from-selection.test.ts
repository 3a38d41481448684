// A queue from a hand-picked selection ("Queue N selected") on SQLite and PostgreSQL: it holds
// exactly the picked items in the order picked; one id of another project (or of no item)
// refuses the whole queue, and nothing is written.
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import type { ProjectAccess } from "@/lib/auth/session";
import { createListQueue } from "@/lib/queues/create-list-queue";
import { SelectedIdsSchema } from "@/lib/queues/selected-ids";

describe.each(PROVIDERS)("queues from a selection on %s", (provider) => {
  async function setup() {
    const { db } = await freshDatabase(provider);
    const [mine, theirs] = await Promise.all(["mine", "theirs"].map((slug) => db.project.create({ data: { slug, name: slug, settings: {} } })));
    const admin = await db.user.create({ data: { email: "admin@x.test", name: "Admin" } });
    await db.membership.create({ data: { projectId: mine!.id, userId: admin.id, role: "admin" } });
    const sample = (projectId: string, i: number) => db.groundingSample.create({ data: { projectId, instruction: `i${i}`, sourceDataset: "s", sourceId: `${projectId}-${i}`, contentHash: "h" } });
    const own = await Promise.all([0, 1, 2, 3].map((i) => sample(mine!.id, i)));
    const foreign = await sample(theirs!.id, 9);
    const access: ProjectAccess = { user: { id: admin.id, email: admin.email, name: admin.name, isOwner: false }, projectId: mine!.id, role: "admin" };
    const spec = { name: "Picked", overlap: 1, leaseSeconds: 900, memberIds: [admin.id], honeypotRate: 0, itemType: "sample" as const, selection: { selected: true } };
    return { db, own, foreign, access, spec };
  }

  it("holds exactly the picked samples, in the order picked", async () => {
    const { db, own, access, spec } = await setup();
    const picked = [own[2]!.id, own[0]!.id];
    const { itemCount } = await createListQueue(db, access, { ...spec, itemIds: SelectedIdsSchema.parse(picked) });
    expect(itemCount).toBe(2);
    const items = await db.queueItem.findMany({ orderBy: { priority: "desc" }, select: { sampleId: true } });
    expect(items.map((i) => i.sampleId)).toEqual(picked);
  });

  it("refuses the whole selection when one id is another project's, and writes nothing", async () => {
    const { db, own, foreign, access, spec } = await setup();
    await expect(createListQueue(db, access, { ...spec, itemIds: [own[0]!.id, foreign.id] })).rejects.toThrow("1 of the listed items are not in this project.");
    expect(await db.queue.count()).toBe(0);
    expect(await db.queueItem.count()).toBe(0);
  });

  it("validates the ids' shape and count before any query", () => {
    expect(SelectedIdsSchema.safeParse(["x'; DROP TABLE"]).success).toBe(false);
    expect(SelectedIdsSchema.safeParse([]).success).toBe(false);
    expect(SelectedIdsSchema.safeParse(Array.from({ length: 501 }, (_, i) => `id${String(i).padStart(8, "0")}`)).success).toBe(false);
    expect(SelectedIdsSchema.parse(["abcdefghij", "abcdefghij"])).toEqual(["abcdefghij"]);
  });
});
