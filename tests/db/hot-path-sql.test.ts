// The hot paths (claim, save, submit, the session's reads) run raw SQL through execFor
// (lib/db/sql-exec.ts): on SQLite straight on Prisma's own connection, on PostgreSQL
// through Prisma's raw queries. What a user relies on: a raw statement inside a Prisma
// transaction commits or rolls back with it, and an annotation read raw equals the row
// Prisma reads (booleans, dates, JSON decoded alike), on both databases.
import { describe, expect, it } from "vitest";
import { sqliteConnectionOf } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { inConnectionTransaction } from "@/lib/db/connection-transaction";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { PROVIDERS } from "./databases";
import { labels, makeTrajectory, queueProject, trajectoryAnswer } from "./queue-support";

describe.each(PROVIDERS)("hot-path SQL on %s", (provider) => {
  it("a raw statement in a Prisma transaction rolls back with it, and commits with it", async () => {
    const { db, project } = await queueProject(provider, { ann: "annotator" });
    const rename = (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], name: string) =>
      execFor(db, tx).run(`UPDATE "Project" SET "name" = ? WHERE "id" = ?`, [name, project.id]);
    await expect(
      db.$transaction(async (tx) => {
        await rename(tx, "renamed then rolled back");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).name).toBe("P");
    await db.$transaction((tx) => rename(tx, "renamed"));
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).name).toBe("renamed");
    // On SQLite the statements ran on Prisma's connection itself, not on one of their own.
    expect(sqliteConnectionOf(db) !== null).toBe(provider === "sqlite");
  });

  it("reads an annotation raw exactly as Prisma reads it", async () => {
    const { db, project, person } = await queueProject(provider, { ann: "annotator" });
    const trajectory = await makeTrajectory(db, project.id, "t1", 3);
    const payload = { ...trajectoryAnswer("failure", labels("correct", "incorrect", "unsure"), 1), note: "a note, 中文", subGoals: [{ key: "1", met: false }] };
    await saveTrajectoryAnnotation(db, person("ann"), { trajectoryId: trajectory.id, baseVersion: null, status: "submitted", payload });
    const viaPrisma = await db.annotation.findFirstOrThrow({ where: { trajectoryId: trajectory.id } });
    const [row] = await execFor(db).all<Record<string, unknown>>(`SELECT ${annotationColumns("a")} FROM "Annotation" a WHERE a."id" = ?`, [viaPrisma.id]);
    expect(annotationFromRow(row!)).toEqual(viaPrisma);
    expect(viaPrisma.stepLabels).toEqual(payload.steps);
    expect(viaPrisma.submittedAt).toBeInstanceOf(Date);
  });

  it("a Prisma transaction waits for a connection transaction of another request, and one begun inside it is refused, not left waiting for itself", async () => {
    const { db, project } = await queueProject(provider, { ann: "annotator" });
    const rename = (name: string) => [`UPDATE "Project" SET "name" = ? WHERE "id" = ?`, [name, project.id]] as const;
    const [, viaPrisma] = await Promise.all([
      inConnectionTransaction(db, (w) => w.exec.run(...rename("by the connection"))),
      db.$transaction((tx) => tx.project.update({ where: { id: project.id }, data: { name: "by Prisma" } })),
    ]);
    expect(viaPrisma.name).toBe("by Prisma");
    if (provider === "sqlite") {
      await expect(inConnectionTransaction(db, () => db.$transaction((tx) => tx.project.count()))).rejects.toThrow(/inside a connection transaction/);
    }
    expect(await db.project.count()).toBe(1);
  });
});
