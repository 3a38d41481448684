import "server-only";
// The FINAL ANSWER of settled items: the AnswerRevision each one points at (finalAnswerId,
// lib/annotations/answer-revisions.ts). Exports and the v1 API read final answers only through
// this file, in batches (one query per batch of items, never one per item); each answer
// carries its revision id, which snapshot manifests list.
import type { Box } from "@/lib/domain/geometry";
import type { Db } from "@/lib/db";
import { asBool, asDate, asJson, inValues, openSqlReader, type SqlReader } from "@/lib/sql/sql-reader";

type Pinned = { id: string; finalAnswerId: string | null };

type Common = { revisionId: string; revision: number; source: string; decision: string; pinnedAt: Date; fromAnnotationId: string | null };

export type SampleFinalAnswer = Common & {
  targetAbsent: boolean;
  box: Box | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
};

export type TrajectoryFinalAnswer = Common & {
  traceVerdict: string | null;
  firstWrongStep: number | null;
  // StepLabel[] as stored (lib/domain/labels.ts); callers parse what they need.
  stepLabels: unknown;
};

// Batches stay far below SQLite's and PostgreSQL's parameter limits.
const CHUNK = 1000;

// Callers with a reader open (exports) pass it; others pass the Prisma client.
type Source = Db | SqlReader;
const isReader = (source: Source): source is SqlReader => typeof (source as SqlReader).all === "function";

type RevisionRow = {
  id: string;
  projectId: string;
  revision: unknown;
  source: string;
  decision: string;
  createdAt: unknown;
  fromAnnotationId: string | null;
  targetAbsent: unknown;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
  traceVerdict: string | null;
  firstWrongStep: number | null;
  stepLabels: unknown;
};

async function revisionsOf(source: Source, projectId: string, items: readonly Pinned[]): Promise<Map<string, RevisionRow>> {
  const reader = isReader(source) ? source : openSqlReader(source);
  const ids = items.flatMap((i) => (i.finalAnswerId ? [i.finalAnswerId] : []));
  const byId = new Map<string, RevisionRow>();
  try {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const params: unknown[] = [];
      const rows = await reader.all<RevisionRow>(
        `SELECT "id", "projectId", "revision", "source", "decision", "createdAt", "fromAnnotationId", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2",
                "instructionRewrite", "qualityScore", "traceVerdict", "firstWrongStep", "stepLabels"
           FROM "AnswerRevision" WHERE ${inValues(reader, `"id"`, ids.slice(i, i + CHUNK), params)}`,
        params,
      );
      for (const r of rows) if (r.projectId === projectId) byId.set(r.id, r);
    }
  } finally {
    if (reader !== source) reader.close();
  }
  const byItem = new Map<string, RevisionRow>();
  for (const item of items) {
    const row = item.finalAnswerId ? byId.get(item.finalAnswerId) : undefined;
    if (row) byItem.set(item.id, row);
  }
  return byItem;
}

const common = (r: RevisionRow): Common => ({
  revisionId: r.id,
  revision: Number(r.revision),
  source: r.source,
  decision: r.decision,
  pinnedAt: asDate(r.createdAt)!,
  fromAnnotationId: r.fromAnnotationId,
});

/** Final answers of these samples of the project, by sample id; a sample without one is absent. */
export async function finalSampleAnswers(source: Source, projectId: string, samples: readonly Pinned[]): Promise<Map<string, SampleFinalAnswer>> {
  const answers = new Map<string, SampleFinalAnswer>();
  for (const [sampleId, r] of await revisionsOf(source, projectId, samples)) {
    const hasBox = r.boxX1 !== null && r.boxY1 !== null && r.boxX2 !== null && r.boxY2 !== null;
    // Object.assign, not a spread with more fields after it: an export makes one per row, and
    // V8 builds `{ ...a, b }` on a slow path (6 us against 1 us here). Same fields, same order.
    answers.set(
      sampleId,
      Object.assign(common(r), {
        targetAbsent: asBool(r.targetAbsent),
        box: hasBox ? ([Number(r.boxX1), Number(r.boxY1), Number(r.boxX2), Number(r.boxY2)] satisfies Box) : null,
        instructionRewrite: r.instructionRewrite,
        qualityScore: r.qualityScore === null ? null : Number(r.qualityScore),
      }),
    );
  }
  return answers;
}

/** Final answers of these trajectories of the project, by trajectory id. */
export async function finalTrajectoryAnswers(source: Source, projectId: string, trajectories: readonly Pinned[]): Promise<Map<string, TrajectoryFinalAnswer>> {
  const answers = new Map<string, TrajectoryFinalAnswer>();
  for (const [trajectoryId, r] of await revisionsOf(source, projectId, trajectories)) {
    answers.set(
      trajectoryId,
      Object.assign(common(r), {
        traceVerdict: r.traceVerdict,
        firstWrongStep: r.firstWrongStep === null ? null : Number(r.firstWrongStep),
        stepLabels: asJson(r.stepLabels),
      }),
    );
  }
  return answers;
}
