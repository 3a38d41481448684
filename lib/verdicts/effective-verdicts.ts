import "server-only";
// Judge verdicts of one target with their revisions and human overrides, as the review screens
// show them: the current value, its effective value after accepted overrides and whether it
// changed under the override in force (both stored by the derivation, never decided here),
// every revision the source gave, and every override with the value it was made against.
import type { Db } from "@/lib/db";

type Value = number | boolean | null;

export type VerdictOverrideView = {
  id: string;
  value: Value;
  reason: string;
  status: string;
  createdAt: string;
  by: string;
  // The verdict's revision the reviewer overrode, and its value then.
  verdictRevision: number;
  baseValue: Value;
  withdrawn: { by: string; at: string; reason: string | null } | null;
};

export type VerdictView = {
  id: string;
  kind: string;
  judgeName: string;
  promptVersion: string | null;
  metric: string;
  value: Value;
  effective: Value;
  effectiveOverrideId: string | null;
  // The override in force was made on another value than the verdict's current one.
  overrideOutdated: boolean;
  rationale: string | null;
  rawOutput: string | null;
  // A quality teacher's proposed instruction, unless a reviewer dismissed it.
  proposedRewrite: string | null;
  createdAt: string;
  revision: number;
  revisedAt: string | null;
  revisions: { revision: number; value: Value; rationale: string | null; createdAt: string }[];
  overrides: VerdictOverrideView[];
};

type Target = { id?: string; sampleId?: string; trajectoryId?: string; stepId?: string };

const valueOf = (row: { valueScore: number | null; valueBool: boolean | null }): Value => row.valueScore ?? row.valueBool;

type VerdictDb = Pick<Db, "judgeVerdict" | "user">;

// Only verdict tables are read, so a transaction's client will do as well as the client.
export async function verdictsFor(db: VerdictDb, projectId: string, target: Target): Promise<VerdictView[]> {
  return viewsOf(db, await verdictRows(db, { projectId, ...target }));
}

/** Each step's verdicts, in the steps' order, in one statement: a trajectory screen shows every
 * step's, and a statement per step was half of its read time at three steps (issue 38). */
export async function verdictsOfSteps(db: VerdictDb, projectId: string, stepIds: string[]): Promise<VerdictView[][]> {
  if (stepIds.length === 0) return [];
  const rows = await verdictRows(db, { projectId, stepId: { in: stepIds } });
  const views = await viewsOf(db, rows);
  const byStep = new Map<string, VerdictView[]>(stepIds.map((id) => [id, []]));
  rows.forEach((row, i) => byStep.get(row.stepId ?? "")?.push(views[i]!));
  return stepIds.map((id) => byStep.get(id)!);
}

type VerdictWhere = { projectId: string; id?: string; sampleId?: string; trajectoryId?: string; stepId?: string | { in: string[] } };

function verdictRows(db: VerdictDb, where: VerdictWhere) {
  return db.judgeVerdict.findMany({
    where,
    // Creation order, with the id as the tie-break the derivation uses (lib/derived/verdict-inputs.ts).
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      revisions: { orderBy: { revision: "asc" } },
      overrides: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { name: true } } } },
    },
  });
}

type VerdictRow = Awaited<ReturnType<typeof verdictRows>>[number];

async function viewsOf(db: VerdictDb, rows: VerdictRow[]): Promise<VerdictView[]> {
  const withdrawerIds = [...new Set(rows.flatMap((v) => v.overrides.flatMap((o) => (o.withdrawnById ? [o.withdrawnById] : []))))];
  const withdrawers = new Map(
    withdrawerIds.length ? (await db.user.findMany({ where: { id: { in: withdrawerIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]) : [],
  );
  return rows.map((v) => {
    const value = valueOf(v);
    const revisionValue = new Map(v.revisions.map((r) => [r.revision, valueOf(r)]));
    const stored = v.effectiveScore ?? v.effectiveBool;
    return {
      id: v.id,
      kind: v.kind,
      judgeName: v.judgeName,
      promptVersion: v.promptVersion,
      metric: v.metric,
      value,
      // Never derived yet (a verdict written since its item's last derivation): its own value.
      effective: stored ?? value,
      effectiveOverrideId: v.effectiveOverrideId,
      overrideOutdated: v.overrideOutdated,
      rationale: v.rationale,
      rawOutput: v.rawOutput,
      proposedRewrite: v.rewriteDismissedAt ? null : v.proposedRewrite,
      createdAt: v.createdAt.toISOString(),
      revision: v.revision,
      revisedAt: v.revisedAt?.toISOString() ?? null,
      revisions: v.revisions.map((r) => ({ revision: r.revision, value: valueOf(r), rationale: r.rationale, createdAt: r.createdAt.toISOString() })),
      overrides: v.overrides.map((o) => ({
        id: o.id,
        value: valueOf(o),
        reason: o.reason,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        by: o.user.name,
        verdictRevision: o.verdictRevision,
        baseValue: revisionValue.get(o.verdictRevision) ?? null,
        withdrawn: o.withdrawnAt ? { by: withdrawers.get(o.withdrawnById ?? "") ?? "", at: o.withdrawnAt.toISOString(), reason: o.withdrawnReason } : null,
      })),
    };
  });
}
