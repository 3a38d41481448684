import "server-only";
// Saving a grounding answer (the review screen, the API, tests): saveAnswer for samples.
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import { saveAnswer, type SaveAnswerResult, type SavedAnnotation } from "@/lib/annotations/save-answer";

export type { SavedAnnotation } from "@/lib/annotations/save-answer";
export { groundingColumns, payloadOf } from "@/lib/annotations/answer-kinds";

export type SaveGroundingInput = {
  sampleId: string;
  baseVersion: number | null; // null: the caller had no annotation yet
  status: "draft" | "submitted";
  payload: GroundingPayload;
};

export async function saveGroundingAnnotation(db: Db, access: ProjectAccess, input: SaveGroundingInput): Promise<SavedAnnotation & { outcome: SaveAnswerResult["outcome"] }> {
  const { saved, outcome } = await saveAnswer(db, access, { itemType: "sample", itemId: input.sampleId, baseVersion: input.baseVersion, status: input.status, payload: input.payload });
  return { ...saved, outcome };
}
