import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { readBoundedBody } from "@/lib/http/bounded-body";
import { db } from "@/lib/db";
import { execFor } from "@/lib/derived/sql-exec";
import { AppError } from "@/lib/errors";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { claimLocation } from "@/lib/queues/claim-location";
import { submitOwnClaim } from "@/lib/queues/submittable-claim";
import { unsubmittedReason, withUnsubmitted, type UnsubmittedReason } from "@/lib/queues/unsubmitted-reason";
import type { ProjectAccess } from "@/lib/auth/session";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

// A relative Location: the browser resolves it against the address it used, which stays
// right behind a proxy where request.url may not.
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

// A raw read: every claim makes it (lib/derived/sql-exec.ts says why).
async function queueOf(projectId: string, queueId: string) {
  const [queue] = await execFor(db()).all<{ id: string; status: string; slug: string }>(
    `SELECT q."id", q."status", p."slug" FROM "Queue" q JOIN "Project" p ON p."id" = q."projectId" WHERE q."id" = ? AND q."projectId" = ?`,
    [queueId, projectId],
  );
  if (!queue) throw new AppError("not_found", "No such queue.");
  return { id: queue.id, status: queue.status, project: { slug: queue.slug } };
}

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

// Closes the caller's claim (its answer is saved and submitted first, by the screen). When a
// check refuses, the caller goes on all the same, as before this was one request, and the
// next page says why the claim did not count: a claim still open comes back to be submitted
// again, a lost lease yields a fresh item.
async function submitOnTheWay(access: ProjectAccess, claimId: string): Promise<UnsubmittedReason | null> {
  try {
    await submitOwnClaim(access, claimId);
    return null;
  } catch (error) {
    if (error instanceof AppError) return unsubmittedReason(error);
    throw error;
  }
}

// POST (the queues page's Start form, and the review screens after a submit or a skip): claim
// the caller's next item of the queue, or get back the one they still hold, and go to it in
// queue mode; with nothing left, back to the queues page saying so. A claim is a state change,
// so it is a same-origin POST, never a GET a link or a prefetch could trigger. After a submit
// the screen sends its claim along (`close`), so closing it and claiming the next item is one
// round trip, not two.
export const POST = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const submit = await claimToSubmit(request);
  const queue = await queueOf(access.projectId, params.queueId);
  const unsubmitted = submit ? await submitOnTheWay(access, submit) : null;
  const queues = `/projects/${queue.project.slug}/queues`;
  // Closed while someone was working it: back to the queues page saying so, not an error page.
  if (queue.status === "closed" || queue.status === "archived") return seeOther(withUnsubmitted(`${queues}?closed=${queue.id}`, unsubmitted));
  const claim = await claimNextItem(db(), { queueId: queue.id, userId: access.user.id });
  if (!claim) return seeOther(withUnsubmitted(`${queues}?done=${queue.id}`, unsubmitted));
  return seeOther(withUnsubmitted(claimLocation(queue.project.slug, queue.id, claim), unsubmitted));
});

// GET claims nothing (an old bookmark or a prefetch lands here): it leads to the queues page.
export const GET = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ access, params }) => {
  const queue = await queueOf(access.projectId, params.queueId);
  return seeOther(`/projects/${queue.project.slug}/queues`);
});
