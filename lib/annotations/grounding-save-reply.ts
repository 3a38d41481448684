import "server-only";
// A grounding save as the review screen asks for it and what it is told back, for the route the
// screen posts to (app/api/projects/[projectId]/samples/[sampleId]/answer) and the server
// action kept for other callers: one body schema, one reply. The reply never says what the
// submit did to the item (a proposal, a honeypot answer graded): annotators must not learn it.
import { z } from "zod";
import type { ProjectAccess } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureText } from "@/lib/actions/run-action";
import { GroundingPayloadSchema, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { saveGroundingAnnotation, type SavedAnnotation } from "@/lib/annotations/save-annotation";

export const GroundingSaveBodySchema = z.object({
  baseVersion: z.number().int().min(1).nullable(),
  status: z.enum(["draft", "submitted"]),
  payload: GroundingPayloadSchema,
});

export type SaveResult =
  | { ok: true; saved: SavedAnnotation }
  | { ok: false; error: string; conflict?: { version: number; status: string; updatedAt: string; payload: GroundingPayload } | null };

export async function saveGroundingReply(access: ProjectAccess, sampleId: string, body: z.infer<typeof GroundingSaveBodySchema>): Promise<SaveResult> {
  try {
    const { id, version, status, updatedAt } = await saveGroundingAnnotation(db(), access, { sampleId, ...body });
    return { ok: true, saved: { id, version, status, updatedAt } };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: NonNullable<Extract<SaveResult, { ok: false }>["conflict"]> | null };
      return { ok: false, error: await failureText(error), conflict: details.current };
    }
    // In the reader's language (their cookie or browser), like every action's failure.
    return { ok: false, error: await failureText(error) };
  }
}
