import "server-only";
// A job runs with the rights of the person (or the API token's creator) who queued it, so those
// rights are checked again when a worker starts it, not only when it was queued: an account
// disabled, removed from the project or moved below admin in between (a token's creator
// disabled while its import waited) stops the job with that reason. Jobs queued by the server
// itself (createdById null: the startup recompute, the CLI run by the operator) have no creator
// to check. Every job kind is started by a project admin (imports, exports, model runs,
// settings that recompute), or by the site owner.
import type { Db } from "@/lib/db";
import { roleAtLeast } from "@/lib/auth/roles";
import { saidError } from "@/lib/errors/said-error";

export async function assertCreatorMayRun(db: Db, job: { createdById: string | null; projectId: string | null }): Promise<void> {
  if (!job.createdById) return;
  const creator = await db.user.findUnique({ where: { id: job.createdById }, select: { name: true, disabledAt: true, isOwner: true } });
  if (!creator) throw saidError("forbidden", "checks.jobCreatorGone");
  if (creator.disabledAt) throw saidError("forbidden", "checks.jobCreatorDisabled", { name: creator.name });
  if (creator.isOwner || !job.projectId) return;
  const membership = await db.membership.findFirst({ where: { projectId: job.projectId, userId: job.createdById }, select: { role: true } });
  if (!membership || !roleAtLeast(membership.role, "admin")) throw saidError("forbidden", "checks.jobCreatorNotAdmin", { name: creator.name });
}
