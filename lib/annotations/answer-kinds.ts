import "server-only";
// What differs between saving a grounding answer and a trajectory answer: the payload, its
// Annotation columns, what a submit must contain, and the final answer it pins.
import type { Db } from "@/lib/db";
import { execFor } from "@/lib/db/sql-exec";
import { boxOutsideImage, GroundingPayloadSchema, groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { FinalPayload } from "@/lib/annotations/final-payload";
import { keyOf, type ItemKey } from "@/lib/annotations/item-key";
import type { AnnotationRow } from "@/lib/annotations/versioned-save";
import { trajectoryProblem, TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";

// baseFinalAnswerId: the item's final answer revision the reviewer's screen showed (null: none);
// a reviewer's submit over a newer one is refused (lib/annotations/save-answer.ts). Absent: not
// checked (API clients that predate it).
type SaveCommon = { itemId: string; baseVersion: number | null; status: "draft" | "submitted"; baseFinalAnswerId?: string | null };
export type SaveAnswerInput = (SaveCommon & { itemType: "sample"; payload: GroundingPayload }) | (SaveCommon & { itemType: "trajectory"; payload: TrajectoryPayload });

// `image`: the sample's screenshot size, which a submitted box must lie within.
type KnownItem = { id: string; stepCount: number; image?: { width: number; height: number } | null };

export type AnswerKind = {
  key(id: string): ItemKey;
  load(db: Db, projectId: string, id: string): Promise<KnownItem | null>;
  parse(payload: unknown): unknown;
  problem(payload: unknown, item: KnownItem): string | null;
  columns(payload: unknown): Record<string, unknown>;
  payloadOf(row: AnnotationRow): unknown;
  final(payload: unknown): FinalPayload;
};

/** The Annotation columns of a grounding answer. */
export function groundingColumns(payload: GroundingPayload) {
  const [boxX1, boxY1, boxX2, boxY2] = payload.box ?? [null, null, null, null];
  return { targetAbsent: payload.targetAbsent, boxX1, boxY1, boxX2, boxY2, instructionRewrite: payload.instructionRewrite, qualityScore: payload.qualityScore, note: payload.note };
}

export function payloadOf(row: Pick<AnnotationRow, "targetAbsent" | "boxX1" | "boxY1" | "boxX2" | "boxY2" | "instructionRewrite" | "qualityScore" | "note">): GroundingPayload {
  const hasBox = row.boxX1 !== null && row.boxY1 !== null && row.boxX2 !== null && row.boxY2 !== null;
  return {
    targetAbsent: row.targetAbsent ?? false,
    box: hasBox ? [row.boxX1!, row.boxY1!, row.boxX2!, row.boxY2!] : null,
    instructionRewrite: row.instructionRewrite,
    qualityScore: row.qualityScore,
    note: row.note,
  };
}

/** The Annotation columns of a trajectory answer. */
export function trajectoryColumns(payload: TrajectoryPayload) {
  return {
    traceVerdict: payload.traceVerdict,
    firstWrongStep: payload.firstWrongStep,
    stepLabels: payload.steps,
    stepsCorrect: payload.steps.filter((s) => s.label === "correct").length,
    stepsIncorrect: payload.steps.filter((s) => s.label === "incorrect").length,
    note: payload.note,
    subGoals: payload.subGoals ?? [],
  };
}

export function trajectoryPayloadOf(row: Pick<AnnotationRow, "traceVerdict" | "firstWrongStep" | "stepLabels" | "note"> & { subGoals?: unknown }): TrajectoryPayload {
  const parsed = TrajectoryPayloadSchema.safeParse({ traceVerdict: row.traceVerdict, firstWrongStep: row.firstWrongStep, steps: row.stepLabels ?? [], note: row.note, ...(Array.isArray(row.subGoals) && row.subGoals.length ? { subGoals: row.subGoals } : {}) });
  return parsed.success ? parsed.data : { traceVerdict: null, firstWrongStep: null, steps: [], note: row.note };
}

const sampleKind: AnswerKind = {
  key: (id) => keyOf("sample", id),
  // Raw reads: every save loads its item (lib/db/sql-exec.ts says why).
  load: async (db, projectId, id) => {
    const [s] = await execFor(db).all<{ id: string; width: number | null; height: number | null }>(
      `SELECT s."id", COALESCE(m."width", s."imageWidth") AS "width", COALESCE(m."height", s."imageHeight") AS "height"
         FROM "GroundingSample" s LEFT JOIN "Media" m ON m."id" = s."mediaId"
        WHERE s."id" = ? AND s."projectId" = ?`,
      [id, projectId],
    );
    if (!s) return null;
    return { id: s.id, stepCount: 0, image: s.width && s.height ? { width: Number(s.width), height: Number(s.height) } : null };
  },
  parse: (payload) => GroundingPayloadSchema.parse(payload),
  problem: (payload, item) => groundingProblem(payload as GroundingPayload) ?? boxOutsideImage(payload as GroundingPayload, item.image ?? null),
  columns: (payload) => groundingColumns(payload as GroundingPayload),
  payloadOf,
  final: (payload) => ({ itemType: "sample", payload: payload as GroundingPayload }),
};

const trajectoryKind: AnswerKind = {
  key: (id) => keyOf("trajectory", id),
  load: async (db, projectId, id) => {
    const [t] = await execFor(db).all<{ id: string; stepCount: number }>(`SELECT "id", "stepCount" FROM "Trajectory" WHERE "id" = ? AND "projectId" = ?`, [id, projectId]);
    return t ? { id: t.id, stepCount: Number(t.stepCount) } : null;
  },
  parse: (payload) => TrajectoryPayloadSchema.parse(payload),
  problem: (payload, item) => trajectoryProblem(payload as TrajectoryPayload, item.stepCount),
  columns: (payload) => trajectoryColumns(payload as TrajectoryPayload),
  payloadOf: trajectoryPayloadOf,
  final: (payload) => ({ itemType: "trajectory", payload: payload as TrajectoryPayload }),
};

export const answerKinds = { sample: sampleKind, trajectory: trajectoryKind } as const;
