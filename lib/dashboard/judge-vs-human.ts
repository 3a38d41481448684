import "server-only";
// Judge vs human on trajectories: the 2x2 confusion of MLLM judges' effective trace_success
// values against verified human verdicts, and Cohen's kappa, broken down per judge, per app
// or per benchmark. Pairs are verdicts on verified trajectories whose human verdict is success
// or failure ("unsure" has no counterpart in a boolean judge). The effective value is the
// latest accepted override, else the verdict (SPEC §2): verdicts without an accepted override
// are counted in the database, grouped by the dimension; the few overridden ones are read
// and resolved here.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { cohensKappaFromMatrix } from "@/lib/domain/agreement";
import { effectiveVerdict } from "@/lib/domain/effective-verdict";
import { dialect, toBool, toNumber } from "@/lib/sql/dialect";

// Rows: the judge's verdict; columns: the human's. [success, failure] in both.
export type Confusion2x2 = [[number, number], [number, number]];
export type HumanAgreement = { key: string; pairs: number; matrix: Confusion2x2; kappa: number | null };
export type JudgeAgreement = { judgeName: string; pairs: number; matrix: Confusion2x2; kappa: number | null };

export const AGREEMENT_DIMENSIONS = ["judge", "app", "benchmark"] as const;
export type AgreementDimension = (typeof AGREEMENT_DIMENSIONS)[number];

// A closed set of columns: nothing from a request reaches the SQL text.
const COLUMN: Record<AgreementDimension, string> = { judge: `j."judgeName"`, app: `t."app"`, benchmark: `t."benchmark"` };
const UNKNOWN: Record<AgreementDimension, string> = { judge: "unknown judge", app: "unknown app", benchmark: "unknown benchmark" };

const PAIRS = `
  FROM "JudgeVerdict" j
  JOIN "Trajectory" t ON t."id" = j."trajectoryId"
 WHERE j."targetType" = 'trajectory' AND j."kind" = 'mllm' AND j."metric" = 'trace_success' AND j."valueBool" IS NOT NULL
   AND t."status" = 'verified' AND t."humanVerdict" IN ('success', 'failure')`;

// Below 2 pairs kappa says nothing.
function kappaOf(matrix: Confusion2x2): number | null {
  return matrix.flat().reduce((a, b) => a + b, 0) < 2 ? null : cohensKappaFromMatrix(matrix);
}

export async function judgeVsHumanBy(db: Db, projectId: string, dimension: AgreementDimension): Promise<HumanAgreement[]> {
  const d = dialect(providerOf(databaseUrlOf(db)));
  const column = COLUMN[dimension];
  const plainSql = `
    SELECT ${column} AS "key", j."valueBool" AS "judge", t."humanVerdict" AS "human", COUNT(*) AS "n"
    ${PAIRS} AND j."projectId" = ${d.p(projectId)} AND t."projectId" = ${d.p(projectId)}
      AND NOT EXISTS (SELECT 1 FROM "JudgeOverride" o WHERE o."verdictId" = j."id" AND o."status" = 'accepted')
    GROUP BY ${column}, j."valueBool", t."humanVerdict"`;
  const plain = await db.$queryRawUnsafe<{ key: string | null; judge: unknown; human: string; n: unknown }[]>(plainSql, ...d.args);

  const o = dialect(providerOf(databaseUrlOf(db)));
  const overriddenSql = `
    SELECT j."id" AS "id", ${column} AS "key", j."valueBool" AS "judge", t."humanVerdict" AS "human"
    ${PAIRS} AND j."projectId" = ${o.p(projectId)} AND t."projectId" = ${o.p(projectId)}
      AND EXISTS (SELECT 1 FROM "JudgeOverride" o WHERE o."verdictId" = j."id" AND o."status" = 'accepted')`;
  const overridden = await db.$queryRawUnsafe<{ id: string; key: string | null; judge: unknown; human: string }[]>(overriddenSql, ...o.args);
  const overrides = overridden.length
    ? await db.judgeOverride.findMany({
        where: { verdictId: { in: overridden.map((v) => v.id) } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, verdictId: true, valueBool: true, createdAt: true, status: true },
      })
    : [];

  const byKey = new Map<string, Confusion2x2>();
  const add = (key: string | null, judge: boolean, human: string, count: number) => {
    const name = key ?? UNKNOWN[dimension];
    const matrix = byKey.get(name) ?? [[0, 0], [0, 0]];
    matrix[judge ? 0 : 1][human === "success" ? 0 : 1] += count;
    byKey.set(name, matrix);
  };
  for (const row of plain) add(row.key, toBool(row.judge), row.human, toNumber(row.n));
  for (const v of overridden) {
    const raw = toBool(v.judge);
    const mine = overrides.filter((x) => x.verdictId === v.id).map((x) => ({ id: x.id, value: x.valueBool, createdAt: x.createdAt, status: x.status }));
    const effective = effectiveVerdict<boolean>({ id: v.id, value: raw, createdAt: new Date(0), overrides: mine }).value;
    if (effective === null) continue;
    add(v.key, effective, v.human, 1);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, matrix]) => ({ key, pairs: matrix.flat().reduce((a, b) => a + b, 0), matrix, kappa: kappaOf(matrix) }));
}

/** Per MLLM judge (the dashboard's first breakdown). */
export async function judgeVsHuman(db: Db, projectId: string): Promise<JudgeAgreement[]> {
  return (await judgeVsHumanBy(db, projectId, "judge")).map(({ key, ...rest }) => ({ judgeName: key, ...rest }));
}
