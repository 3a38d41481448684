import "server-only";
// What a re-import does to a settled (verified or rejected) item whose inputs it changes: a
// sample's instruction, screenshot or size, a trajectory's goal, step actions, step screenshots
// or step count (lib/domain/verified-inputs.ts). Never the silent thing (the old answer left on
// new inputs, which the next export would pair). By the import's policy (--on-verified-change):
//   reopen (default): the new inputs are written, the final answer is superseded ("source
//     changed: ...") and the item becomes source_changed: out of the pools until a reviewer
//     settles it again, with what was verified and what the source holds now side by side;
//   keep: the verified inputs stay; the rest of the record (boxes, app, thoughts...) is written.
// A honeypot is always kept: annotators are graded against the answer its inputs were given.
// Either way a SourceChange row records both inputs and the import report names the item, with
// file and line. Runs in the transaction that writes the record, after its write.
import { isSettled } from "@/lib/domain/item-lifecycle";
import { changedInputs, type InputChange, type VerifiedInputs } from "@/lib/domain/verified-inputs";
import { unpinFinalAnswer } from "@/lib/annotations/answer-revisions";
import { itemIdOf, itemTypeOf, isSampleKey, type ItemKey } from "@/lib/annotations/item-key";
import { insertAudit } from "@/lib/audit/record";
import type { WriteTx } from "@/lib/db/write-transaction";
import type { SourceLocation } from "@/lib/imports/records";
import { sourceChanged, type FormatReport } from "@/lib/imports/write/report";
import { describeInputChange } from "@/lib/domain/verified-inputs";
import { newRowId } from "@/lib/ids/row-id";

export const ON_VERIFIED_CHANGE = ["reopen", "keep"] as const;
export type OnVerifiedChange = (typeof ON_VERIFIED_CHANGE)[number];

/** The import's policy, and who and which job the records it writes come from. */
export type VerifiedChangePolicy = { mode: OnVerifiedChange; jobId: string | null; actorId: string | null };
export const DEFAULT_POLICY: VerifiedChangePolicy = { mode: "reopen", jobId: null, actorId: null };

export type SettledState = { status: string; finalAnswerId: string | null; isHoneypot: boolean };

/** The item's lifecycle state and whether it is a honeypot, in the caller's transaction. */
export async function settledState(w: WriteTx, projectId: string, item: ItemKey): Promise<SettledState | null> {
  const column = isSampleKey(item) ? "sampleId" : "trajectoryId";
  const table = isSampleKey(item) ? "GroundingSample" : "Trajectory";
  const [row] = await w.exec.all<{ status: string; finalAnswerId: string | null; honeypots: unknown }>(
    `SELECT t."status", t."finalAnswerId", (SELECT COUNT(*) FROM "Honeypot" h WHERE h."${column}" = t."id") AS "honeypots" FROM "${table}" t WHERE t."id" = ? AND t."projectId" = ?`,
    [itemIdOf(item), projectId],
  );
  if (!row || !isSettled(row.status)) return null;
  return { status: row.status, finalAnswerId: row.finalAnswerId, isHoneypot: Number(row.honeypots) > 0 };
}

export type Verdict = { action: "none" } | { action: "keep" | "reopen"; changes: InputChange[] };

/** Whether the proposed inputs change what the settled item was verified on, and what to do. */
export function onProposedInputs(policy: VerifiedChangePolicy, state: SettledState | null, before: VerifiedInputs, proposed: VerifiedInputs): Verdict {
  if (!state) return { action: "none" };
  const changes = changedInputs(before, proposed);
  if (changes.length === 0) return { action: "none" };
  return { action: policy.mode === "keep" || state.isHoneypot ? "keep" : "reopen", changes };
}

export type SourceChangeRecord = {
  projectId: string;
  item: ItemKey;
  label: string; // how the report names the item: its source id
  action: "keep" | "reopen";
  changes: InputChange[];
  before: VerifiedInputs;
  after: VerifiedInputs;
  state: SettledState;
  location: SourceLocation;
};

/** Reopens (or keeps) the item and records the change, after the record's own write. */
export async function recordSourceChange(w: WriteTx, policy: VerifiedChangePolicy, report: FormatReport, change: SourceChangeRecord, now = new Date()): Promise<void> {
  const words = change.changes.map(describeInputChange).join(", ");
  const kept = change.action === "keep";
  if (!kept) await unpinFinalAnswer(w, change.projectId, change.item, now, `source changed: ${words}`, "source_changed");
  const json = (value: unknown) => JSON.stringify(value);
  const cast = w.provider === "postgres" ? "?::jsonb" : "?";
  await w.exec.run(
    `INSERT INTO "SourceChange" ("id", "projectId", "itemType", "sampleId", "trajectoryId", "jobId", "action", "fields", "before", "after", "revisionId", "createdAt", "resolvedAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ${cast}, ${cast}, ${cast}, ?, ?, ?)`,
    [
      newRowId(), change.projectId, itemTypeOf(change.item), isSampleKey(change.item) ? change.item.sampleId : null, isSampleKey(change.item) ? null : change.item.trajectoryId,
      policy.jobId, kept ? "kept" : "reopened", json(change.changes), json(change.before), json(change.after), change.state.finalAnswerId, now,
      // Kept: nothing waits for a reviewer, the record is there for the history.
      kept ? now : null,
    ],
  );
  await insertAudit(w.exec, {
    userId: policy.actorId,
    projectId: change.projectId,
    action: kept ? "item.source_change_kept" : "item.source_changed",
    targetType: itemTypeOf(change.item),
    targetId: itemIdOf(change.item),
    details: { jobId: policy.jobId, fields: words, revisionId: change.state.finalAnswerId, honeypot: change.state.isHoneypot },
  }, now);
  sourceChanged(report, {
    file: change.location.file,
    line: change.location.line,
    itemType: itemTypeOf(change.item),
    itemId: itemIdOf(change.item),
    item: change.label,
    fields: change.changes,
    action: kept ? "kept" : "reopened",
  });
}
