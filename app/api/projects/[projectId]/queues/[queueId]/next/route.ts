import { projectRoute } from "@/lib/http/project-route";
import { assertSameOrigin } from "@/lib/http/request-guards";
import { db } from "@/lib/db";
import { execFor } from "@/lib/derived/sql-exec";
import { AppError } from "@/lib/errors";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { claimLocation } from "@/lib/queues/claim-location";

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

// POST (the queues page's Start form, and the review screens after a submit or a skip): claim
// the caller's next item of the queue, or get back the one they still hold, and go to it in
// queue mode; with nothing left, back to the queues page saying so. A claim is a state change,
// so it is a same-origin POST, never a GET a link or a prefetch could trigger.
export const POST = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ request, access, params }) => {
  assertSameOrigin(request, { required: true });
  const queue = await queueOf(access.projectId, params.queueId);
  // Closed while someone was working it: back to the queues page saying so, not an error page.
  if (queue.status === "closed" || queue.status === "archived") return seeOther(`/projects/${queue.project.slug}/queues?closed=${queue.id}`);
  const claim = await claimNextItem(db(), { queueId: queue.id, userId: access.user.id });
  if (!claim) return seeOther(`/projects/${queue.project.slug}/queues?done=${queue.id}`);
  return seeOther(claimLocation(queue.project.slug, queue.id, claim));
});

// GET claims nothing (an old bookmark or a prefetch lands here): it leads to the queues page.
export const GET = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ access, params }) => {
  const queue = await queueOf(access.projectId, params.queueId);
  return seeOther(`/projects/${queue.project.slug}/queues`);
});
