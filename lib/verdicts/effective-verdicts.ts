import "server-only";
// Judge verdicts of one target with their revisions and human overrides, as the review screens
// show them: the current value, its effective value after accepted overrides and whether it
// changed under the override in force (both stored by the derivation, never decided here),
// every revision the source gave, and every override with the value it was made against.
import type { Db } from "@/lib/db";
import { modelColumns, modelOf } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import { inValues } from "@/lib/db/sql-reader";
import type { JudgeOverride, JudgeVerdict, JudgeVerdictRevision } from "@/lib/generated/sqlite/client";

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

const TARGET_COLUMNS = ["id", "sampleId", "trajectoryId", "stepId"] as const;

/** The verdicts of one target: a verdict by its id, or every verdict of a sample, trajectory or step. */
export async function verdictsFor(db: Db, projectId: string, target: Target): Promise<VerdictView[]> {
  const column = TARGET_COLUMNS.find((c) => target[c] !== undefined);
  return column ? viewsOf(await verdictRows(db, projectId, column, [target[column]])) : [];
}

/** Each step's verdicts, in the steps' order, in one statement: a trajectory screen shows every
 * step's, and a statement per step was half of its read time at three steps (issue 38). */
export async function verdictsOfSteps(db: Db, projectId: string, stepIds: string[]): Promise<VerdictView[][]> {
  if (stepIds.length === 0) return [];
  const rows = await verdictRows(db, projectId, "stepId", stepIds);
  const views = viewsOf(rows);
  const byStep = new Map<string, VerdictView[]>(stepIds.map((id) => [id, []]));
  rows.forEach((row, i) => byStep.get(row.stepId ?? "")?.push(views[i]!));
  return stepIds.map((id) => byStep.get(id)!);
}

type OverrideRow = JudgeOverride & { byName: string; withdrawnByName: string | null };
type VerdictRow = JudgeVerdict & { revisions: JudgeVerdictRevision[]; overrides: OverrideRow[] };

// Raw statements, not Prisma's include (three statements and a fourth for the withdrawers' names,
// each compiled again on every call): the verdicts, then their revisions and overrides with the
// people's names joined, at once (issue 38).
async function verdictRows(db: Db, projectId: string, column: keyof Target, values: unknown[]): Promise<VerdictRow[]> {
  const exec = execFor(db);
  const params: unknown[] = [projectId];
  const verdicts = (
    await exec.all<Record<string, unknown>>(
      // Creation order, with the id as the tie-break the derivation uses (lib/derived/verdict-inputs.ts).
      `SELECT ${modelColumns(db, "JudgeVerdict", "v")} FROM "JudgeVerdict" v WHERE v."projectId" = ? AND ${inValues(exec, `v."${column}"`, values, params)} ORDER BY v."createdAt", v."id"`,
      params,
    )
  ).map((r) => modelOf<JudgeVerdict>(db, "JudgeVerdict", r));
  if (verdicts.length === 0) return [];
  const ids = verdicts.map((v) => v.id);
  const revisionParams: unknown[] = [];
  const overrideParams: unknown[] = [];
  const [revisions, overrides] = await Promise.all([
    exec.all<Record<string, unknown>>(
      `SELECT ${modelColumns(db, "JudgeVerdictRevision", "r")} FROM "JudgeVerdictRevision" r WHERE ${inValues(exec, 'r."verdictId"', ids, revisionParams)} ORDER BY r."revision"`,
      revisionParams,
    ),
    exec.all<Record<string, unknown>>(
      `SELECT ${modelColumns(db, "JudgeOverride", "o")}, u."name" AS "byName", w."name" AS "withdrawnByName"
       FROM "JudgeOverride" o JOIN "User" u ON u."id" = o."userId" LEFT JOIN "User" w ON w."id" = o."withdrawnById"
       WHERE ${inValues(exec, 'o."verdictId"', ids, overrideParams)} ORDER BY o."createdAt", o."id"`,
      overrideParams,
    ),
  ]);
  const byVerdict = new Map(verdicts.map((v) => [v.id, { ...v, revisions: [] as JudgeVerdictRevision[], overrides: [] as OverrideRow[] }]));
  for (const r of revisions) {
    const revision = modelOf<JudgeVerdictRevision>(db, "JudgeVerdictRevision", r);
    byVerdict.get(revision.verdictId)!.revisions.push(revision);
  }
  for (const r of overrides) {
    const override = modelOf<JudgeOverride>(db, "JudgeOverride", r);
    byVerdict.get(override.verdictId)!.overrides.push({ ...override, byName: r.byName as string, withdrawnByName: (r.withdrawnByName as string | null) ?? null });
  }
  return [...byVerdict.values()];
}

function viewsOf(rows: VerdictRow[]): VerdictView[] {
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
        by: o.byName,
        verdictRevision: o.verdictRevision,
        baseValue: revisionValue.get(o.verdictRevision) ?? null,
        withdrawn: o.withdrawnAt ? { by: o.withdrawnByName ?? "", at: o.withdrawnAt.toISOString(), reason: o.withdrawnReason } : null,
      })),
    };
  });
}
