// On PostgreSQL an import keeps the planner's statistics of the tables it fills current
// (lib/imports/write/table-statistics.ts): without them the growing sample table looked empty
// and each batch's look-up of stored samples read the whole dataset. What the database sees:
// after an import, the sample table has been analysed and its row estimate is the rows there.
import path from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "./databases";
import { importInto, importProject } from "./import-support";
import { tempDir } from "../support/import-fixtures";

describe("table statistics during an import (postgres)", () => {
  it("the sample table is analysed by the import, its estimate the rows it holds", async () => {
    const { db } = await freshDatabase("postgres");
    const projectId = await importProject(db);
    const dir = await tempDir("verity-statistics-");
    const lines = Array.from({ length: 300 }, (_, i) => ({ type: "sample", id: `s${i}`, dataset: "statistics", image: null, image_size: [100, 100], instruction: `Press ${i}`, box: [10, 10, 20, 20] }));
    writeFileSync(path.join(dir, "samples.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const report = await importInto(db, projectId, path.join(dir, "samples.jsonl"));
    expect(report.created.samples).toBe(300);
    const [table] = await db.$queryRawUnsafe<{ analyzed: boolean; estimate: number }[]>(
      `SELECT s."last_analyze" IS NOT NULL AS "analyzed", c."reltuples"::float8 AS "estimate" FROM "pg_stat_user_tables" s JOIN "pg_class" c ON c."oid" = s."relid" WHERE s."relname" = 'GroundingSample'`,
    );
    expect(table).toEqual({ analyzed: true, estimate: 300 });
  });
});
