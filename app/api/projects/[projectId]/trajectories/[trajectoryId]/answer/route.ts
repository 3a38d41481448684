import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { readJsonBody } from "@/lib/http/json-body";
import { AppError } from "@/lib/errors";
import { answerRouteReply, answerSaveBody } from "@/lib/annotations/answer-save-reply";
import { TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const BodySchema = answerSaveBody(TrajectoryPayloadSchema);

// POST: the trajectory review screen saves the caller's answer here (drafts, then the submit),
// with the version it was based on; a route rather than a server action for the reason given
// on the grounding answer route. 200 with {ok:false, conflict} when another tab saved first.
export const POST = projectRoute<{ projectId: string; trajectoryId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const trajectoryId = RowIdSchema.safeParse(params.trajectoryId);
  if (!trajectoryId.success) throw new AppError("not_found", "No such trajectory.");
  // Step labels and sub-goals of a long trajectory make a larger body than a box.
  const body = await readJsonBody(request, BodySchema, 1024 * 1024);
  const { queue, ...save } = body;
  return NextResponse.json(await answerRouteReply<TrajectoryPayload>(access, { itemType: "trajectory", itemId: trajectoryId.data, ...save }, queue));
});
