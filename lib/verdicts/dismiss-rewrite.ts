import "server-only";
// A reviewer sets a quality teacher's proposed instruction aside. The proposal stays on the
// verdict and in its revisions (what the teacher said is never deleted); it is only no longer
// offered on the review screen, until a later revision proposes something else. Accepting one
// is not done here: the screen puts it in the person's own answer as a rewrite, which they
// edit and submit like any answer.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";

export async function dismissRewrite(db: Db, projectId: string, verdictId: string, userId: string): Promise<void> {
  const { count } = await db.judgeVerdict.updateMany({
    where: { id: verdictId, projectId, proposedRewrite: { not: null }, rewriteDismissedAt: null },
    data: { rewriteDismissedAt: new Date(), rewriteDismissedById: userId },
  });
  if (count === 0) {
    const exists = await db.judgeVerdict.findFirst({ where: { id: verdictId, projectId }, select: { proposedRewrite: true } });
    if (!exists) throw new AppError("not_found", "no such verdict in this project");
    if (!exists.proposedRewrite) throw new AppError("invalid_input", "this verdict proposes no rewrite");
    // Already dismissed: the same outcome.
  }
}
