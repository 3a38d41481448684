import "server-only";
// A save as the review screens ask for it and what they are told back, for both answer routes
// (app/api/projects/[projectId]/samples/[sampleId]/answer and .../trajectories/[trajectoryId]/answer):
// one body shape per kind of payload, one reply. The reply never says what the submit did to
// the item (a proposal, a honeypot answer graded): annotators must not learn it.
import { z } from "zod";
import type { ProjectAccess } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureText } from "@/lib/actions/run-action";
import { saveAnswer, type SaveAnswerInput, type SavedAnnotation } from "@/lib/annotations/save-answer";

/** The body of an answer route, for a payload schema. */
export function answerSaveBody<P extends z.ZodType>(payload: P) {
  return z.object({ baseVersion: z.number().int().min(1).nullable(), status: z.enum(["draft", "submitted"]), payload });
}

export type AnswerSaveResult<P> =
  | { ok: true; saved: SavedAnnotation }
  | { ok: false; error: string; conflict?: { version: number; status: string; updatedAt: string; payload: P } | null };

export async function saveAnswerReply<P>(access: ProjectAccess, input: SaveAnswerInput): Promise<AnswerSaveResult<P>> {
  try {
    const { id, version, status, updatedAt } = (await saveAnswer(db(), access, input)).saved;
    return { ok: true, saved: { id, version, status, updatedAt } };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: { version: number; status: string; updatedAt: string; payload: P } | null };
      return { ok: false, error: await failureText(error), conflict: details.current };
    }
    // In the reader's language (their cookie or browser), like every action's failure.
    return { ok: false, error: await failureText(error) };
  }
}
