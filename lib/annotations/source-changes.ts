import "server-only";
// The open source change of an item (lib/imports/write/verified-change.ts): the inputs its
// reviewer verified beside the ones the source has now, shown on the review screen until a
// reviewer settles the item again (pinning a final answer resolves it). Kept changes are
// resolved at once and only live in the item's history.
import type { Db } from "@/lib/db";
import { isSampleKey, itemIdOf, type ItemKey } from "@/lib/annotations/item-key";
import { modelColumns, modelOf } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import type { SourceChange } from "@/lib/generated/sqlite/client";
import type { InputChange, VerifiedInputs } from "@/lib/domain/verified-inputs";

export type SourceChangeView = {
  id: string;
  createdAt: string;
  jobId: string | null;
  fields: InputChange[];
  before: VerifiedInputs;
  after: VerifiedInputs;
};

export async function openSourceChange(db: Db, projectId: string, item: ItemKey): Promise<SourceChangeView | null> {
  // Raw: read on every reviewer's review screen (issue 38: each Prisma call compiles its query again).
  const [found] = await execFor(db).all<Record<string, unknown>>(
    `SELECT ${modelColumns(db, "SourceChange", "c")} FROM "SourceChange" c
     WHERE c."projectId" = ? AND c."resolvedAt" IS NULL AND c."${isSampleKey(item) ? "sampleId" : "trajectoryId"}" = ? ORDER BY c."createdAt" DESC, c."id" DESC LIMIT 1`,
    [projectId, itemIdOf(item)],
  );
  if (!found) return null;
  const row = modelOf<SourceChange>(db, "SourceChange", found);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    jobId: row.jobId,
    fields: row.fields as InputChange[],
    before: row.before as VerifiedInputs,
    after: row.after as VerifiedInputs,
  };
}
