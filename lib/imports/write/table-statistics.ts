import "server-only";
// PostgreSQL plans by its statistics, and a table an import is filling has none that fit: until
// autovacuum's next pass (a minute apart, often longer than a whole import) the planner takes
// the growing sample table for an empty one, and read the batch's look-up of stored samples
// through an index on (project, dataset, id), every row of the dataset for each batch, where
// the unique (project, dataset, source id) index finds each key at once. At 100k records that
// look-up went from 22 to 58 ms a batch and was a quarter of the import (bench/results.md).
// So the import refreshes the statistics of the tables it writes after its 1st, 4th, 16th,
// 64th ... batch, each time the tables have grown fourfold: a handful of ANALYZEs (about 0.15 s
// each, a sample of at most 30,000 rows), however large the import. SQLite needs none of this: its planner prefers a unique index on equality.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";

// Every table an import writes rows into.
const IMPORT_TABLES = ["GroundingSample", "ModelPrediction", "Trajectory", "Step", "JudgeVerdict", "Media", "EvaluationRun"];

const isPowerOfFour = (n: number) => (n & (n - 1)) === 0 && (n & 0x55555555) !== 0;

export type StatisticsKeeper = { afterBatch(): Promise<void> };

export function keepStatisticsCurrent(db: Db): StatisticsKeeper {
  const isPostgres = providerOf(databaseUrlOf(db)) === "postgres";
  let batches = 0;
  return {
    async afterBatch() {
      batches += 1;
      if (!isPostgres || !isPowerOfFour(batches)) return;
      // A role that does not own a table is only warned, and the table skipped.
      await execFor(db).run(`ANALYZE ${IMPORT_TABLES.map((t) => `"${t}"`).join(", ")}`, []);
    },
  };
}
