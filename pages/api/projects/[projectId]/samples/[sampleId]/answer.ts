import { AppError } from "@/lib/errors";
import { answerRouteReply, answerSaveBody } from "@/lib/api/answer-save-reply";
import { GroundingPayloadSchema, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { pagesProjectRoute } from "@/lib/http/pages-project-route";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// Next.js must not read the body: the route reads it, bounded, and validates it. (Next.js reads
// this object from the source, so it is written out here.)
export const config = { api: { bodyParser: false } };

// POST: the grounding review screen saves the caller's answer here (a draft while they work,
// then the submit), with the version it was based on. A route rather than a server action: the
// reply is the saved version alone, with no React render around it; and a pages-router route,
// the cheapest Next.js has, because every save and submit passes here (lib/http/pages-project-route.ts).
// 200 with {ok:false, conflict} when another tab saved first, as the screen expects. In queue
// mode a submit names its queue and claim, and the reply says where to go next
// (lib/api/answer-save-reply.ts).
export default pagesProjectRoute("annotator", { params: ["sampleId"], body: answerSaveBody(GroundingPayloadSchema) }, async ({ access, params, body, t }) => {
  const sampleId = RowIdSchema.safeParse(params.sampleId);
  if (!sampleId.success) throw new AppError("not_found", "No such sample.");
  const { queue, ...save } = body;
  return answerRouteReply<GroundingPayload>(access, { itemType: "sample", itemId: sampleId.data, ...save }, queue, t);
});
