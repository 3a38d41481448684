"use server";
// Server actions of the trajectory review screen: save with optimistic locking, and
// overrides of trace-success and step verdicts (reviewers), each checked on the project.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireRole } from "@/lib/auth/session";
import { failureText } from "@/lib/actions/run-action";
import { saveTrajectoryReply, TrajectorySaveBodySchema, type TrajectorySaveResult } from "@/lib/trajectories/trajectory-save-reply";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);
const SaveSchema = TrajectorySaveBodySchema.extend({ projectId: Id, trajectoryId: Id });

export type { TrajectorySaveResult } from "@/lib/trajectories/trajectory-save-reply";

/** The same save as POST /api/projects/{projectId}/trajectories/{trajectoryId}/answer, which the review screen uses. */
export async function saveTrajectoryAction(input: z.input<typeof SaveSchema>): Promise<TrajectorySaveResult> {
  try {
    const { projectId, trajectoryId, ...body } = SaveSchema.parse(input);
    const access = await requireRole(projectId, "annotator");
    const reply = await saveTrajectoryReply(access, trajectoryId, body);
    if (reply.ok && body.status === "submitted") revalidatePath("/projects", "layout");
    return reply;
  } catch (error) {
    return { ok: false, error: await failureText(error) };
  }
}
