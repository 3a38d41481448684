import { AppError } from "@/lib/errors";
import { answerRouteReply, answerSaveBody } from "@/lib/api/answer-save-reply";
import { pagesProjectRoute } from "@/lib/http/pages-project-route";
import { TrajectoryPayloadSchema, type TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// Next.js must not read the body: the route reads it, bounded, and validates it. (Next.js reads
// this object from the source, so it is written out here.)
export const config = { api: { bodyParser: false } };

// POST: the trajectory review screen saves the caller's answer here (drafts, then the submit),
// with the version it was based on; a pages-router route for the reasons given on the grounding
// answer route. 200 with {ok:false, conflict} when another tab saved first. Step labels and
// sub-goals of a long trajectory make a larger body than a box: up to 1 MB.
export default pagesProjectRoute(
  "annotator",
  { params: ["trajectoryId"], body: answerSaveBody(TrajectoryPayloadSchema), maxBytes: 1024 * 1024 },
  async ({ access, params, body, t }) => {
    const trajectoryId = RowIdSchema.safeParse(params.trajectoryId);
    if (!trajectoryId.success) throw new AppError("not_found", "No such trajectory.");
    const { queue, ...save } = body;
    return answerRouteReply<TrajectoryPayload>(access, { itemType: "trajectory", itemId: trajectoryId.data, ...save }, queue, t);
  },
);
