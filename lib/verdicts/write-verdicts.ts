import "server-only";
// Machine verdicts written by identity (an import's, a model run's, the demo's) (lib/verdicts/verdict-identity.ts): a new
// identity is a new verdict (revision 1); one already stored with the same value, score,
// rationale and raw output is left alone; one whose content changed gets a new revision
// (an immutable JudgeVerdictRevision, and the verdict's columns move to it). The verdict row
// and its overrides stay, so an accepted override stays in force; when the new revision's
// value differs from the one an override was made on, the derivation flags the item
// (verdictChangedUnderOverride) and the change is listed here for the import report.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { lookupInChunks } from "@/lib/db/key-lookup";
import { newRowId } from "@/lib/ids/row-id";
import { verdictIdentityKey, verdictTargetType } from "@/lib/verdicts/verdict-identity";

type Target = { sampleId?: string | null; trajectoryId?: string | null; stepId?: string | null };
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** What a verdict says: its judge, metric and one revision's content. */
export type VerdictContent = {
  kind: string;
  judgeName: string;
  promptVersion?: string | null;
  metric: string;
  valueBool?: boolean | null;
  valueScore?: number | null;
  rationale?: string | null;
  rawOutput?: string | null;
  /** A quality teacher's proposed instruction, when it gave one. */
  proposedRewrite?: string | null;
};

export type VerdictRow = Omit<Prisma.JudgeVerdictCreateManyInput, "identityKey"> & { identityKey: string };

export function verdictRow(projectId: string, target: Target, verdict: VerdictContent): VerdictRow {
  const ids = { sampleId: target.sampleId ?? null, trajectoryId: target.trajectoryId ?? null, stepId: target.stepId ?? null };
  return {
    projectId,
    identityKey: verdictIdentityKey({ ...ids, ...verdict }),
    targetType: verdictTargetType(ids),
    ...ids,
    kind: verdict.kind,
    judgeName: verdict.judgeName,
    promptVersion: verdict.promptVersion ?? null,
    metric: verdict.metric,
    valueBool: verdict.valueBool ?? null,
    valueScore: verdict.valueScore ?? null,
    rationale: verdict.rationale ?? null,
    rawOutput: verdict.rawOutput ?? null,
    proposedRewrite: verdict.proposedRewrite ?? null,
  };
}

/** A verdict whose value a revision changed while a person's override of it stood. */
export type ChangedUnderOverride = { verdictId: string; row: VerdictRow; from: boolean | number | null; to: boolean | number | null; overrideValue: boolean | number | null };

export type VerdictWriteOutcome = { added: number; revised: number; unchanged: number; changedUnderOverride: ChangedUnderOverride[] };

type Stored = { id: string; revision: number; valueBool: boolean | null; valueScore: number | null; rationale: string | null; rawOutput: string | null; proposedRewrite: string | null };

const valueOf = (v: { valueBool?: boolean | null; valueScore?: number | null }) => v.valueScore ?? v.valueBool ?? null;
const sameContent = (a: Stored, b: VerdictRow) =>
  (a.valueBool ?? null) === (b.valueBool ?? null) && (a.valueScore ?? null) === (b.valueScore ?? null) && (a.rationale ?? null) === (b.rationale ?? null) && (a.rawOutput ?? null) === (b.rawOutput ?? null) &&
  (a.proposedRewrite ?? null) === (b.proposedRewrite ?? null);

/**
 * Writes the verdicts in order (a later row of the same identity is a later revision), in the
 * caller's transaction. `now` is the revision time.
 */
export async function writeVerdicts(tx: Tx, projectId: string, rows: VerdictRow[], now = new Date()): Promise<VerdictWriteOutcome> {
  const outcome: VerdictWriteOutcome = { added: 0, revised: 0, unchanged: 0, changedUnderOverride: [] };
  if (rows.length === 0) return outcome;
  const stored = new Map<string, Stored>();
  const found = await lookupInChunks([...new Set(rows.map((r) => r.identityKey))], (keys) =>
    tx.judgeVerdict.findMany({
      where: { projectId, identityKey: { in: keys } },
      select: { id: true, identityKey: true, revision: true, valueBool: true, valueScore: true, rationale: true, rawOutput: true, proposedRewrite: true },
    }),
  );
  for (const v of found) stored.set(v.identityKey, v);

  const created = new Map<string, Prisma.JudgeVerdictCreateManyInput>();
  const revisions: Prisma.JudgeVerdictRevisionCreateManyInput[] = [];
  for (const row of rows) {
    const current = stored.get(row.identityKey);
    const content = { valueBool: row.valueBool ?? null, valueScore: row.valueScore ?? null, rationale: row.rationale ?? null, rawOutput: row.rawOutput ?? null, proposedRewrite: row.proposedRewrite ?? null };
    if (!current) {
      const id = newRowId();
      created.set(id, { ...row, id, revision: 1, createdAt: now });
      revisions.push({ id: newRowId(), verdictId: id, revision: 1, ...content, createdAt: now });
      stored.set(row.identityKey, { id, revision: 1, ...content });
      outcome.added += 1;
      continue;
    }
    if (sameContent(current, row)) {
      outcome.unchanged += 1;
      continue;
    }
    const revision = current.revision + 1;
    // Written before the next row of the batch is compared, so a second revision of the same
    // identity in one import numbers after this one.
    const pending = created.get(current.id);
    // A new proposal asks anew: a dismissal was of the one it replaced.
    const dismissal = (current.proposedRewrite ?? null) === content.proposedRewrite ? {} : { rewriteDismissedAt: null, rewriteDismissedById: null };
    if (pending) Object.assign(pending, content, { revision, revisedAt: now });
    else {
      await tx.judgeVerdict.update({ where: { id: current.id }, data: { ...content, ...dismissal, revision, revisedAt: now }, select: { id: true } });
    }
    revisions.push({ id: newRowId(), verdictId: current.id, revision, ...content, createdAt: now });
    const from = valueOf(current);
    const to = valueOf(content);
    if (from !== to) {
      const standing = await tx.judgeOverride.findFirst({
        where: { verdictId: current.id, status: "accepted" },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { valueBool: true, valueScore: true },
      });
      if (standing) outcome.changedUnderOverride.push({ verdictId: current.id, row, from, to, overrideValue: valueOf(standing) });
    }
    stored.set(row.identityKey, { id: current.id, revision, ...content });
    outcome.revised += 1;
  }
  if (created.size) await tx.judgeVerdict.createMany({ data: [...created.values()] });
  if (revisions.length) await tx.judgeVerdictRevision.createMany({ data: revisions });
  return outcome;
}
