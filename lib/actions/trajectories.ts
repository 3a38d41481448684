"use server";
// Server actions of the trajectory review screen: save with optimistic locking, and
// overrides of trace-success and step verdicts (reviewers), each checked on the project.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureText } from "@/lib/actions/run-action";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);
const SaveSchema = z.object({
  projectId: Id,
  trajectoryId: Id,
  baseVersion: z.number().int().min(1).nullable(),
  status: z.enum(["draft", "submitted"]),
  payload: TrajectoryPayloadSchema,
});

export type TrajectorySaveResult =
  | { ok: true; saved: { id: string; version: number; status: string; updatedAt: string } }
  | { ok: false; error: string; conflict?: { version: number; status: string; updatedAt: string; payload: TrajectoryPayload } | null };

export async function saveTrajectoryAction(input: z.input<typeof SaveSchema>): Promise<TrajectorySaveResult> {
  try {
    const parsed = SaveSchema.parse(input);
    const access = await requireRole(parsed.projectId, "annotator");
    const saved = await saveTrajectoryAnnotation(db(), access, parsed);
    if (parsed.status === "submitted") revalidatePath("/projects", "layout");
    return { ok: true, saved };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: NonNullable<Extract<TrajectorySaveResult, { ok: false }>["conflict"]> | null };
      return { ok: false, error: await failureText(error), conflict: details.current };
    }
    return { ok: false, error: await failureText(error) };
  }
}
