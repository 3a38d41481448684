import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { readBoundedBody } from "@/lib/http/bounded-body";
import { AppError } from "@/lib/errors";
import { moveOnInQueue, queueOf } from "@/lib/queues/move-on-in-queue";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// A relative Location: the browser resolves it against the address it used, which stays
// right behind a proxy where request.url may not.
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

// The claim a review screen submits on its way here (the form's `close` field), if any. The
// Start form sends no field, a probe no body at all. The form is a few dozen bytes: a bigger
// body is refused as it arrives, never read whole (request.formData() would read 5 GB).
const MAX_FORM_BYTES = 4096;

async function claimToSubmit(request: Request): Promise<string | null> {
  const body = await readBoundedBody(request, MAX_FORM_BYTES);
  const value = new URLSearchParams(Buffer.from(body).toString("utf8")).get("close");
  if (value === null) return null;
  const id = RowIdSchema.safeParse(value);
  if (!id.success) throw new AppError("invalid_input", "The claim to submit is not a claim id.");
  return id.data;
}

// POST (the queues page's Start form, and a review screen whose submit could not go on by
// itself): claim the caller's next item of the queue, or get back the one they still hold, and
// go to it in queue mode; with nothing left, back to the queues page saying so. A claim is a
// state change, so it is a same-origin POST, never a GET a link or a prefetch could trigger.
// A form may carry a claim to close first (`close`). A queue-mode submit normally does all of
// it in its answer's save (lib/api/answer-save-reply.ts), in one round trip.
export const POST = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const close = await claimToSubmit(request);
  return seeOther(await moveOnInQueue(access, params.queueId, close));
});

// GET claims nothing (an old bookmark or a prefetch lands here): it leads to the queues page.
export const GET = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ access, params }) => {
  const queue = await queueOf(access.projectId, params.queueId);
  return seeOther(`/projects/${queue.project.slug}/queues`);
});
