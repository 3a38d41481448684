import "server-only";
// Judge vs human on trajectories, per MLLM judge: the 2x2 confusion of the judge's effective
// trace_success value against the verified human verdict, and Cohen's kappa. Pairs are
// verdicts on verified trajectories whose human verdict is success or failure ("unsure" has
// no counterpart in a boolean judge). The effective value is the latest accepted override,
// else the verdict (SPEC §2): verdicts without an accepted override are counted in the
// database; the few overridden ones are read and resolved here.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { cohensKappa } from "@/lib/domain/agreement";
import { effectiveValue } from "@/lib/domain/tiers";

// Rows: the judge's verdict; columns: the human's. [success, failure] in both.
export type Confusion2x2 = [[number, number], [number, number]];
export type JudgeAgreement = { judgeName: string; pairs: number; matrix: Confusion2x2; kappa: number | null };

const OUTCOMES = ["success", "failure"] as const;

function verdictWhere(projectId: string): Prisma.JudgeVerdictWhereInput {
  return {
    projectId,
    targetType: "trajectory",
    kind: "mllm",
    metric: "trace_success",
    trajectory: { projectId, status: "verified", humanVerdict: { in: [...OUTCOMES] } },
  };
}

// Kappa from counts through the domain function, which takes rating lists.
function kappaOf(matrix: Confusion2x2): number | null {
  const judge: string[] = [];
  const human: string[] = [];
  matrix.forEach((row, r) =>
    row.forEach((count, c) => {
      for (let k = 0; k < count; k++) {
        judge.push(OUTCOMES[r]!);
        human.push(OUTCOMES[c]!);
      }
    }),
  );
  return judge.length < 2 ? null : cohensKappa(judge, human);
}

export async function judgeVsHuman(db: Db, projectId: string): Promise<JudgeAgreement[]> {
  const where = verdictWhere(projectId);
  const plain: Prisma.JudgeVerdictWhereInput = { ...where, valueBool: { not: null }, overrides: { none: { status: "accepted" } } };
  const [cells, overridden] = await Promise.all([
    Promise.all(
      OUTCOMES.flatMap((judge) =>
        OUTCOMES.map(async (human) => {
          const groups = await db.judgeVerdict.groupBy({
            by: ["judgeName"],
            where: { ...plain, valueBool: judge === "success", trajectory: { projectId, status: "verified", humanVerdict: human } },
            _count: { _all: true },
          });
          return groups.map((g) => ({ judgeName: g.judgeName, judge, human, count: g._count._all }));
        }),
      ),
    ),
    db.judgeVerdict.findMany({
      where: { ...where, overrides: { some: { status: "accepted" } } },
      select: {
        judgeName: true,
        valueBool: true,
        trajectory: { select: { humanVerdict: true } },
        overrides: { where: { status: "accepted" }, orderBy: { createdAt: "asc" }, select: { valueBool: true, createdAt: true } },
      },
    }),
  ]);
  const byJudge = new Map<string, Confusion2x2>();
  const add = (judgeName: string, judge: string, human: string, count: number) => {
    const matrix = byJudge.get(judgeName) ?? [[0, 0], [0, 0]];
    const r = judge === "success" ? 0 : 1;
    const c = human === "success" ? 0 : 1;
    matrix[r][c] += count;
    byJudge.set(judgeName, matrix);
  };
  for (const cell of cells.flat()) add(cell.judgeName, cell.judge, cell.human, cell.count);
  for (const v of overridden) {
    const effective = effectiveValue(v.valueBool, v.overrides.map((o) => ({ value: o.valueBool, createdAt: o.createdAt })));
    if (effective === null || !v.trajectory?.humanVerdict) continue;
    add(v.judgeName, effective ? "success" : "failure", v.trajectory.humanVerdict, 1);
  }
  return [...byJudge.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([judgeName, matrix]) => ({ judgeName, pairs: matrix.flat().reduce((a, b) => a + b, 0), matrix, kappa: kappaOf(matrix) }));
}
