import "server-only";
// The FINAL ANSWER of a verified item (contracts.md §1): the latest submitted annotation of
// kind "adjudication" if one exists, else the latest submitted annotation of kind "label"
// (by submittedAt). Exports and the v1 API read final answers only through this file.
// Reads are batched (one query per batch of items, never one per item) and return the
// annotation id, which snapshot manifests list.
import type { Box } from "@/lib/domain/geometry";
import type { Db } from "@/lib/db";
import { asBool, asDate, asJson, openSqlReader, placeholders, type SqlReader } from "@/lib/sql/sql-reader";

type Candidate = { id: string; kind: string; submittedAt: Date | null };

/** The rule itself: adjudication beats label; within a kind the latest submission wins (id breaks ties). */
export function pickFinalAnswer<T extends Candidate>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  const rank = (c: T) => (c.kind === "adjudication" ? 1 : 0);
  for (const c of candidates) {
    if (c.kind !== "adjudication" && c.kind !== "label") continue;
    if (best === null || rank(c) > rank(best)) {
      best = c;
      continue;
    }
    if (rank(c) < rank(best)) continue;
    const [a, b] = [c.submittedAt?.getTime() ?? 0, best.submittedAt?.getTime() ?? 0];
    if (a > b || (a === b && c.id > best.id)) best = c;
  }
  return best;
}

export type SampleFinalAnswer = {
  annotationId: string;
  kind: "label" | "adjudication";
  submittedAt: Date | null;
  targetAbsent: boolean;
  box: Box | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
};

export type TrajectoryFinalAnswer = {
  annotationId: string;
  kind: "label" | "adjudication";
  submittedAt: Date | null;
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

async function inChunks<R>(source: Source, ids: readonly string[], read: (reader: SqlReader, chunk: string[]) => Promise<R[]>): Promise<R[]> {
  const reader = isReader(source) ? source : openSqlReader(source);
  try {
    const out: R[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(reader, ids.slice(i, i + CHUNK))));
    return out;
  } finally {
    if (reader !== source) reader.close();
  }
}

// The project is checked on the rows, not in the WHERE clause: with it there, SQLite's
// planner prefers the (projectId, status, submittedAt) index and scans every answer of the
// project for each batch, instead of looking the items up by their own index.
const ofProject = <R extends { projectId: string }>(rows: R[], projectId: string) => rows.filter((r) => r.projectId === projectId);

function pickPerItem<R extends Candidate>(rows: R[], itemOf: (row: R) => string): Map<string, R> {
  const byItem = new Map<string, R[]>();
  for (const row of rows) {
    const item = itemOf(row);
    const list = byItem.get(item);
    if (list) list.push(row);
    else byItem.set(item, [row]);
  }
  const picked = new Map<string, R>();
  for (const [item, list] of byItem) picked.set(item, pickFinalAnswer(list)!);
  return picked;
}

type SampleAnswerRow = {
  id: string;
  projectId: string;
  sampleId: string;
  kind: string;
  submittedAt: unknown;
  targetAbsent: unknown;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
};

/** Final answers of these samples of the project, by sample id; a sample without one is absent. */
export async function finalSampleAnswers(source: Source, projectId: string, sampleIds: readonly string[]): Promise<Map<string, SampleFinalAnswer>> {
  const rows = await inChunks(source, sampleIds, (reader, chunk) =>
    reader.all<SampleAnswerRow>(
      `SELECT "id", "projectId", "sampleId", "kind", "submittedAt", "targetAbsent", "boxX1", "boxY1", "boxX2", "boxY2", "instructionRewrite", "qualityScore"
         FROM "Annotation"
        WHERE "sampleId" IN (${placeholders(chunk.length)}) AND "status" = 'submitted' AND "kind" IN ('label', 'adjudication')`,
      chunk,
    ),
  );
  const picked = pickPerItem(ofProject(rows, projectId).map((r) => ({ ...r, submittedAt: asDate(r.submittedAt) })), (r) => r.sampleId);
  const answers = new Map<string, SampleFinalAnswer>();
  for (const [sampleId, r] of picked) {
    const hasBox = r.boxX1 !== null && r.boxY1 !== null && r.boxX2 !== null && r.boxY2 !== null;
    answers.set(sampleId, {
      annotationId: r.id,
      kind: r.kind as SampleFinalAnswer["kind"],
      submittedAt: r.submittedAt,
      targetAbsent: asBool(r.targetAbsent),
      box: hasBox ? [r.boxX1!, r.boxY1!, r.boxX2!, r.boxY2!] : null,
      instructionRewrite: r.instructionRewrite,
      qualityScore: r.qualityScore,
    });
  }
  return answers;
}

type TrajectoryAnswerRow = {
  id: string;
  projectId: string;
  trajectoryId: string;
  kind: string;
  submittedAt: unknown;
  traceVerdict: string | null;
  firstWrongStep: number | null;
  stepLabels: unknown;
};

/** Final answers of these trajectories of the project, by trajectory id. */
export async function finalTrajectoryAnswers(source: Source, projectId: string, trajectoryIds: readonly string[]): Promise<Map<string, TrajectoryFinalAnswer>> {
  const rows = await inChunks(source, trajectoryIds, (reader, chunk) =>
    reader.all<TrajectoryAnswerRow>(
      `SELECT "id", "projectId", "trajectoryId", "kind", "submittedAt", "traceVerdict", "firstWrongStep", "stepLabels"
         FROM "Annotation"
        WHERE "trajectoryId" IN (${placeholders(chunk.length)}) AND "status" = 'submitted' AND "kind" IN ('label', 'adjudication')`,
      chunk,
    ),
  );
  const picked = pickPerItem(ofProject(rows, projectId).map((r) => ({ ...r, submittedAt: asDate(r.submittedAt) })), (r) => r.trajectoryId);
  const answers = new Map<string, TrajectoryFinalAnswer>();
  for (const [trajectoryId, r] of picked) {
    answers.set(trajectoryId, {
      annotationId: r.id,
      kind: r.kind as TrajectoryFinalAnswer["kind"],
      submittedAt: r.submittedAt,
      traceVerdict: r.traceVerdict,
      firstWrongStep: r.firstWrongStep,
      stepLabels: asJson(r.stepLabels),
    });
  }
  return answers;
}
