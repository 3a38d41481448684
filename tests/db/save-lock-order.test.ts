// PostgreSQL: a submitted save locks its item after writing the person's answer row, and that
// row's foreign key already holds a KEY SHARE lock on the item. Two annotators of one item
// saving at once each held one and waited for the other's (FOR UPDATE conflicts with KEY
// SHARE): a deadlock, and one of them was told "something went wrong" (the load test on two
// replicas found it). The item is locked FOR NO KEY UPDATE, which serialises every writer of
// the item as before but does not wait for a foreign-key check of another transaction.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { freshDatabase } from "./databases";
import { boxAnswer, makeSamples } from "./queue-support";

describe("a submitted save on PostgreSQL", () => {
  it("does not wait for another annotator's open transaction that wrote an answer to the same sample", async () => {
    const { db, url } = await freshDatabase("postgres");
    const project = await db.project.create({ data: { slug: "p", name: "P", settings: {} } });
    const [a, b] = await Promise.all(["a", "b"].map((name) => db.user.create({ data: { email: `${name}@x.test`, name } })));
    for (const user of [a!, b!]) await db.membership.create({ data: { projectId: project.id, userId: user.id, role: "annotator" } });
    const [sampleId] = await makeSamples(db, project.id, 1);

    // Annotator A's save, stopped after its answer row is written: its foreign key holds KEY SHARE on the sample.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("BEGIN");
    await other.query(
      `INSERT INTO "Annotation" ("id", "projectId", "annotatorId", "itemType", "kind", "sampleId", "status", "createdAt", "updatedAt") VALUES ('held-answer', $1, $2, 'sample', 'label', $3, 'submitted', now(), now())`,
      [project.id, a!.id, sampleId],
    );
    const access = { user: { id: b!.id, email: b!.email, name: "b", isOwner: false }, projectId: project.id, role: "annotator" as const };
    let settled = false;
    const saving = saveGroundingAnnotation(db, access, { sampleId: sampleId!, baseVersion: null, status: "submitted", payload: boxAnswer([10, 10, 60, 60]) }).finally(() => (settled = true));

    // Either B's save ends, or a backend of this database starts waiting for a lock (the bug).
    let waiting = 0;
    try {
      while (!settled && waiting === 0) {
        const rows = await other.query<{ n: string }>(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
        waiting = Number(rows.rows[0]!.n);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(waiting).toBe(0);
      expect((await saving).status).toBe("submitted");
      await other.query("COMMIT");
    } finally {
      // On failure, ending A's transaction lets B's save finish, so nothing is left waiting.
      await other.end();
      await saving.catch(() => undefined);
    }
    expect(await db.annotation.count({ where: { sampleId: sampleId!, status: "submitted" } })).toBe(2);
  });
});
