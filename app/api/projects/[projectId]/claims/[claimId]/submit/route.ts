import { NextResponse } from "next/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { AppError } from "@/lib/errors";
import { submitOwnClaim } from "@/lib/queues/submittable-claim";

const Id = z.string().regex(/^[a-z0-9]{10,40}$/);

// POST: a review screen in queue mode closes the caller's claim once their answer is submitted
// (then opens the queue's next item). A route rather than a server action: see the answer route.
export const POST = projectRoute<{ projectId: string; claimId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const claimId = Id.safeParse(params.claimId);
  if (!claimId.success) throw new AppError("not_found", "No such claim.");
  await submitOwnClaim(access, claimId.data);
  revalidatePath("/projects", "layout");
  return NextResponse.json({ ok: true });
});
