import "server-only";
// The FINAL ANSWER of settled items: the AnswerRevision each one points at (finalAnswerId,
// lib/annotations/answer-revisions.ts). Exports and the v1 API read final answers only through
// this file, never one query per item: a trajectory's in batches of items, a sample's joined
// to the sample's own row (the join, its columns and their decoding are here). Each answer
// carries its revision id, which snapshot manifests list.
import type { Box } from "@/lib/domain/geometry";
import type { Db } from "@/lib/db";
import { asBool, asDate, asJson, inValues, openSqlReader, type SqlReader } from "@/lib/db/sql-reader";

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
  traceVerdict: string | null;
  firstWrongStep: number | null;
  stepLabels: unknown;
};

// A trajectory's final revisions, a batch of items at a time.
async function revisionsOf(source: Source, projectId: string, items: readonly Pinned[]): Promise<Map<string, RevisionRow>> {
  const reader = isReader(source) ? source : openSqlReader(source);
  const ids = items.flatMap((i) => (i.finalAnswerId ? [i.finalAnswerId] : []));
  const byId = new Map<string, RevisionRow>();
  try {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const params: unknown[] = [];
      const rows = await reader.all<RevisionRow>(
        `SELECT "id", "projectId", "revision", "source", "decision", "createdAt", "fromAnnotationId", "traceVerdict", "firstWrongStep", "stepLabels"
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

const common = (r: RevisionRow): Common => commonOf(r.id, r.revision, r.source, r.decision, r.createdAt, r.fromAnnotationId);

function commonOf(revisionId: string, revision: unknown, source: string, decision: string, createdAt: unknown, fromAnnotationId: string | null): Common {
  return { revisionId, revision: Number(revision), source, decision, pinnedAt: asDate(createdAt)!, fromAnnotationId };
}

// A sample's final answer in the same query as the sample, so an export reads a page of
// samples in one statement rather than two (the second, and the maps joining its rows back,
// were 8% of a grounding export in a CPU profile). The revision is joined as "fa" on the
// sample's finalAnswerId within the sample's project; its columns come back prefixed.
export const sampleAnswerJoin = (sample: string) => `LEFT JOIN "AnswerRevision" fa ON fa."id" = ${sample}."finalAnswerId" AND fa."projectId" = ${sample}."projectId"`;

export const SAMPLE_ANSWER_COLUMNS = `fa."id" AS "faId", fa."revision" AS "faRevision", fa."source" AS "faSource", fa."decision" AS "faDecision",
  fa."createdAt" AS "faCreatedAt", fa."fromAnnotationId" AS "faFromAnnotationId", fa."targetAbsent" AS "faTargetAbsent",
  fa."boxX1" AS "faBoxX1", fa."boxY1" AS "faBoxY1", fa."boxX2" AS "faBoxX2", fa."boxY2" AS "faBoxY2",
  fa."instructionRewrite" AS "faInstructionRewrite", fa."qualityScore" AS "faQualityScore"`;

export type JoinedSampleAnswer = {
  faId: string | null;
  faRevision: unknown;
  faSource: string;
  faDecision: string;
  faCreatedAt: unknown;
  faFromAnnotationId: string | null;
  faTargetAbsent: unknown;
  faBoxX1: number | null;
  faBoxY1: number | null;
  faBoxX2: number | null;
  faBoxY2: number | null;
  faInstructionRewrite: string | null;
  faQualityScore: number | null;
};

/** The final answer of a row read with SAMPLE_ANSWER_COLUMNS; null when the sample has none (in its project). */
export function joinedSampleAnswer(r: JoinedSampleAnswer): SampleFinalAnswer | null {
  if (r.faId === null) return null;
  const hasBox = r.faBoxX1 !== null && r.faBoxY1 !== null && r.faBoxX2 !== null && r.faBoxY2 !== null;
  // Object.assign, not a spread with more fields after it: an export makes one per row, and
  // V8 builds `{ ...a, b }` on a slow path (6 us against 1 us here). Same fields, same order.
  return Object.assign(commonOf(r.faId, r.faRevision, r.faSource, r.faDecision, r.faCreatedAt, r.faFromAnnotationId), {
    targetAbsent: asBool(r.faTargetAbsent),
    box: hasBox ? ([Number(r.faBoxX1), Number(r.faBoxY1), Number(r.faBoxX2), Number(r.faBoxY2)] satisfies Box) : null,
    instructionRewrite: r.faInstructionRewrite,
    qualityScore: r.faQualityScore === null ? null : Number(r.faQualityScore),
  });
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
