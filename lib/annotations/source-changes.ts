import "server-only";
// The open source change of an item (lib/imports/write/verified-change.ts): the inputs its
// reviewer verified beside the ones the source has now, shown on the review screen until a
// reviewer settles the item again (pinning a final answer resolves it). Kept changes are
// resolved at once and only live in the item's history.
import type { Db } from "@/lib/db";
import type { ItemKey } from "@/lib/annotations/item-key";
import type { InputChange, VerifiedInputs } from "@/lib/domain/verified-inputs";

export type SourceChangeView = {
  id: string;
  createdAt: string;
  jobId: string | null;
  fields: InputChange[];
  before: VerifiedInputs;
  after: VerifiedInputs;
};

export async function openSourceChange(db: Pick<Db, "sourceChange">, projectId: string, item: ItemKey): Promise<SourceChangeView | null> {
  const row = await db.sourceChange.findFirst({
    where: { projectId, resolvedAt: null, ...item },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!row) return null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    jobId: row.jobId,
    fields: row.fields as InputChange[],
    before: row.before as VerifiedInputs,
    after: row.after as VerifiedInputs,
  };
}
