import "server-only";
// A trajectory save as the review screen asks for it and what it is told back, for the route the
// screen posts to (app/api/projects/[projectId]/trajectories/[trajectoryId]/answer) and the
// server action kept for other callers: one body schema, one reply, which never says what the
// submit did to the item (see lib/annotations/grounding-save-reply.ts).
import { z } from "zod";
import type { ProjectAccess } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureText } from "@/lib/actions/run-action";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

export const TrajectorySaveBodySchema = z.object({
  baseVersion: z.number().int().min(1).nullable(),
  status: z.enum(["draft", "submitted"]),
  payload: TrajectoryPayloadSchema,
});

export type TrajectorySaveResult =
  | { ok: true; saved: { id: string; version: number; status: string; updatedAt: string } }
  | { ok: false; error: string; conflict?: { version: number; status: string; updatedAt: string; payload: TrajectoryPayload } | null };

export async function saveTrajectoryReply(access: ProjectAccess, trajectoryId: string, body: z.infer<typeof TrajectorySaveBodySchema>): Promise<TrajectorySaveResult> {
  try {
    const { id, version, status, updatedAt } = await saveTrajectoryAnnotation(db(), access, { trajectoryId, ...body });
    return { ok: true, saved: { id, version, status, updatedAt } };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: NonNullable<Extract<TrajectorySaveResult, { ok: false }>["conflict"]> | null };
      return { ok: false, error: await failureText(error), conflict: details.current };
    }
    // In the reader's language (their cookie or browser), like every action's failure.
    return { ok: false, error: await failureText(error) };
  }
}
