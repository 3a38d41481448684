import { projectRoute } from "@/lib/http/project-route";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { claimNextItem } from "@/lib/queues/claim-next-item";

// A relative Location: the browser resolves it against the address it used, which stays
// right behind a proxy where request.url may not.
const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

// GET: claim the caller's next item of the queue (or get back the one they still hold) and go
// to its review page in queue mode; with nothing left, back to the queues page saying so.
// A GET because "Start" is a link and the claim is idempotent while the lease runs.
export const GET = projectRoute<{ projectId: string; queueId: string }>("annotator", async ({ access, params }) => {
  const queue = await db().queue.findFirst({
    where: { id: params.queueId, projectId: access.projectId },
    select: { id: true, project: { select: { slug: true } } },
  });
  if (!queue) throw new AppError("not_found", "No such queue.");
  const claim = await claimNextItem(db(), { queueId: queue.id, userId: access.user.id });
  const base = `/projects/${queue.project.slug}`;
  if (!claim) return seeOther(`${base}/queues?done=${queue.id}`);
  const item = claim.sampleId ? `samples/${claim.sampleId}` : `trajectories/${claim.trajectoryId}`;
  return seeOther(`${base}/${item}?claim=${claim.claimId}&queue=${queue.id}`);
});
