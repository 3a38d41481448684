// Where a claimed item is worked on, in queue mode (?claim=&queue=): judge disagreements on
// the triage page, samples and trajectories on their review pages.
import type { ClaimedItem } from "@/lib/queues/claim-next-item";

export function claimLocation(slug: string, queueId: string, claim: Pick<ClaimedItem, "claimId" | "queueItemId" | "sampleId" | "trajectoryId" | "verdictId">): string {
  const query = `?claim=${encodeURIComponent(claim.claimId)}&queue=${encodeURIComponent(queueId)}`;
  const base = `/projects/${slug}`;
  if (claim.verdictId) return `${base}/triage/${claim.queueItemId}${query}`;
  if (claim.sampleId) return `${base}/samples/${claim.sampleId}${query}`;
  return `${base}/trajectories/${claim.trajectoryId}${query}`;
}
