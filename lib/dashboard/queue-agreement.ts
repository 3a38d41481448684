import "server-only";
// Inter-annotator agreement per queue and per annotator pair, over the items both submitted
// in the queue (their "label" annotations): Cohen's kappa on trace verdicts and on step
// labels (aligned by step index) for trajectory queues, mean IoU and point-in-box agreement
// for sample queues, and Fleiss' kappa over all raters when the queue's overlap is above 2.
// A kappa over fewer than 2 items is not shown (null): it says nothing yet.
import { databaseUrlOf, providerOf, type Db } from "@/lib/db";
import { cohensKappaFromMatrix, fleissKappaFromTotals } from "@/lib/domain/agreement";
import { dialect, toNumber } from "@/lib/db/dialect";
import { boxPairsSql, fleissSql, stepPairsSql, tracePairsSql, type RatingScope } from "@/lib/dashboard/queue-agreement-sql";

export type KappaFigure = { kappa: number | null; n: number };
export type PairAgreement = {
  a: { id: string; name: string };
  b: { id: string; name: string };
  trace: KappaFigure | null;
  steps: KappaFigure | null;
  boxes: { pairs: number; boxed: number; meanIou: number | null; pointInBox: number | null } | null;
};
export type QueueAgreement = {
  queueId: string;
  /** "queue": one queue's items; "project": every answered item of the project (see answerAgreement). */
  scope: "queue" | "project";
  name: string;
  itemType: "sample" | "trajectory";
  overlap: number;
  pairs: PairAgreement[];
  fleiss: { trace: KappaFigure | null; steps: KappaFigure | null } | null;
};

// The dashboard shows the most recent queues; older ones stay readable one by one.
export const AGREEMENT_QUEUES = 8;

type PairRow = { a: string; b: string; va: string; vb: string; n: unknown };

function kappaPerPair(rows: PairRow[]): Map<string, KappaFigure> {
  const byPair = new Map<string, PairRow[]>();
  for (const row of rows) byPair.set(`${row.a}|${row.b}`, [...(byPair.get(`${row.a}|${row.b}`) ?? []), row]);
  const figures = new Map<string, KappaFigure>();
  for (const [pair, cells] of byPair) {
    const labels = [...new Set(cells.flatMap((c) => [c.va, c.vb]))].sort();
    const matrix = labels.map(() => labels.map(() => 0));
    for (const c of cells) matrix[labels.indexOf(c.va)]![labels.indexOf(c.vb)]! += toNumber(c.n);
    const n = cells.reduce((s, c) => s + toNumber(c.n), 0);
    figures.set(pair, { kappa: n < 2 ? null : cohensKappaFromMatrix(matrix), n });
  }
  return figures;
}

async function fleissOf(db: Db, queueId: string, of: "trace" | "steps", raters: number): Promise<KappaFigure | null> {
  const d = dialect(providerOf(databaseUrlOf(db)));
  const rows = await db.$queryRawUnsafe<{ value: string; total: unknown; squares: unknown }[]>(fleissSql(d, queueId, of, raters), ...d.args);
  const categories = rows.map((r) => ({ total: toNumber(r.total), squares: toNumber(r.squares) }));
  const units = categories.reduce((s, c) => s + c.total, 0) / raters;
  if (units < 2) return null;
  return { kappa: fleissKappaFromTotals({ raters, categories }), n: units };
}

async function pairRows<T>(db: Db, build: (d: ReturnType<typeof dialect>) => string): Promise<T[]> {
  const d = dialect(providerOf(databaseUrlOf(db)));
  const sql = build(d);
  return db.$queryRawUnsafe<T[]>(sql, ...d.args);
}

type PairFigures = Pick<QueueAgreement, "pairs">;

async function pairFigures(db: Db, scope: RatingScope, isTrajectory: boolean): Promise<PairFigures> {
  const [trace, steps, boxes] = await Promise.all([
    isTrajectory ? pairRows<PairRow>(db, (d) => tracePairsSql(d, scope)) : [],
    isTrajectory ? pairRows<PairRow>(db, (d) => stepPairsSql(d, scope)) : [],
    isTrajectory ? [] : pairRows<{ a: string; b: string; pairs: unknown; boxed: unknown; iouSum: unknown; agree: unknown }>(db, (d) => boxPairsSql(d, scope)),
  ]);
  const traceKappa = kappaPerPair(trace);
  const stepKappa = kappaPerPair(steps);
  const boxByPair = new Map(boxes.map((b) => [`${b.a}|${b.b}`, b]));
  const pairKeys = [...new Set([...traceKappa.keys(), ...stepKappa.keys(), ...boxByPair.keys()])];
  const raterIds = [...new Set(pairKeys.flatMap((k) => k.split("|")))];
  const users = await db.user.findMany({ where: { id: { in: raterIds } }, select: { id: true, name: true } });
  const name = new Map(users.map((u) => [u.id, u.name]));
  const pairs = pairKeys
    .map((key) => {
      const [a, b] = key.split("|") as [string, string];
      const box = boxByPair.get(key);
      const boxed = box ? toNumber(box.boxed) : 0;
      const total = box ? toNumber(box.pairs) : 0;
      return {
        a: { id: a, name: name.get(a) ?? "unknown user" },
        b: { id: b, name: name.get(b) ?? "unknown user" },
        trace: traceKappa.get(key) ?? null,
        steps: stepKappa.get(key) ?? null,
        boxes: box ? { pairs: total, boxed, meanIou: boxed ? toNumber(box.iouSum) / boxed : null, pointInBox: total ? toNumber(box.agree) / total : null } : null,
      };
    })
    .sort((x, y) => `${x.a.name} ${x.b.name}`.localeCompare(`${y.a.name} ${y.b.name}`));
  return { pairs };
}

export async function queueAgreement(db: Db, queue: { id: string; name: string; itemType: string; overlap: number }): Promise<QueueAgreement | null> {
  if (queue.itemType !== "sample" && queue.itemType !== "trajectory") return null;
  const isTrajectory = queue.itemType === "trajectory";
  const { pairs } = await pairFigures(db, { queueId: queue.id }, isTrajectory);
  const fleiss = isTrajectory && queue.overlap > 2
    ? { trace: await fleissOf(db, queue.id, "trace", queue.overlap), steps: await fleissOf(db, queue.id, "steps", queue.overlap) }
    : null;
  return { queueId: queue.id, scope: "queue", name: queue.name, itemType: queue.itemType, overlap: queue.overlap, pairs, fleiss };
}

/**
 * Agreement per annotator pair over every item of the project both submitted an answer to,
 * in a queue or not: the figure for answers that no queue collected, such as labels imported
 * from another tool (two AgentRewardBench experts on one trajectory). One entry per item kind
 * that has a pair; no Fleiss' kappa, since items outside a queue have no fixed number of raters.
 */
export async function answerAgreement(db: Db, projectId: string): Promise<QueueAgreement[]> {
  const kinds = [
    { itemType: "trajectory" as const, name: "Every answer to a trajectory" },
    { itemType: "sample" as const, name: "Every answer to a sample" },
  ];
  const all = await Promise.all(
    kinds.map(async (k) => {
      const { pairs } = await pairFigures(db, { projectId }, k.itemType === "trajectory");
      return { queueId: `project-${k.itemType}`, scope: "project" as const, name: k.name, itemType: k.itemType, overlap: 0, pairs, fleiss: null };
    }),
  );
  return all.filter((a) => a.pairs.length > 0);
}

export async function agreementPerQueue(db: Db, projectId: string): Promise<QueueAgreement[]> {
  const queues = await db.queue.findMany({
    where: { projectId, itemType: { in: ["sample", "trajectory"] }, overlap: { gt: 1 } },
    orderBy: { createdAt: "desc" },
    take: AGREEMENT_QUEUES,
    select: { id: true, name: true, itemType: true, overlap: true },
  });
  const all = await Promise.all(queues.map((q) => queueAgreement(db, q)));
  return all.filter((q): q is QueueAgreement => q !== null);
}
