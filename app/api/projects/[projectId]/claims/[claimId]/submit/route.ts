import { NextResponse } from "next/server";
import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { AppError } from "@/lib/errors";
import { submitOwnClaim } from "@/lib/queues/submittable-claim";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// POST: a review screen in queue mode closes the caller's claim once their answer is submitted
// (then opens the queue's next item). A route rather than a server action: see the answer route.
export const POST = projectRoute<{ projectId: string; claimId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const claimId = RowIdSchema.safeParse(params.claimId);
  if (!claimId.success) throw new AppError("not_found", "No such claim.");
  await submitOwnClaim(access, claimId.data);
  return NextResponse.json({ ok: true });
});
