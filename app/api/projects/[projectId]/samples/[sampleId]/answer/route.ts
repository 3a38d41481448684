import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { readJsonBody } from "@/lib/http/json-body";
import { AppError } from "@/lib/errors";
import { answerRouteReply, answerSaveBody } from "@/lib/annotations/answer-save-reply";
import { GroundingPayloadSchema, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

const BodySchema = answerSaveBody(GroundingPayloadSchema);

// POST: the grounding review screen saves the caller's answer here (a draft while they work,
// then the submit), with the version it was based on. A route rather than a server action: the
// reply is the saved version alone, with no React render around it, which made each save
// several times cheaper (bench/load-results.md). 200 with {ok:false, conflict} when another tab
// saved first, as the screen expects. In queue mode a submit names its queue and claim, and
// the reply says where to go next (lib/annotations/answer-save-reply.ts).
export const POST = projectRoute<{ projectId: string; sampleId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const sampleId = RowIdSchema.safeParse(params.sampleId);
  if (!sampleId.success) throw new AppError("not_found", "No such sample.");
  const body = await readJsonBody(request, BodySchema);
  const { queue, ...save } = body;
  return NextResponse.json(await answerRouteReply<GroundingPayload>(access, { itemType: "sample", itemId: sampleId.data, ...save }, queue));
});
