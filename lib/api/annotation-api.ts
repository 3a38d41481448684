import "server-only";
// Annotations over the v1 API, for pre-labels and scripted reviews: the token acts as the
// person who created it, with the token's role, through the same domain functions and rules as
// the review screens (saveAnswer, overrideVerdict). A token with the annotator role sees only
// its own answer of an item, never the item's standing (a verified item may be a honeypot).
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isReviewerRole } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import type { TokenAccess } from "@/lib/tokens/tokens";
import { answerKinds } from "@/lib/annotations/answer-kinds";
import { keyOf, type ItemType } from "@/lib/annotations/item-key";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { reviewStanding } from "@/lib/queues/review-standing";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { reviewOverride } from "@/lib/verdicts/override-review";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";
import { OverrideBodySchema, OverrideReviewBodySchema, SampleAnnotationBodySchema, TrajectoryAnnotationBodySchema } from "@/lib/api/v1-schemas";
import { RowIdSchema } from "@/lib/ids/row-id-shape";

export { OverrideBodySchema, OverrideReviewBodySchema, SampleAnnotationBodySchema, TrajectoryAnnotationBodySchema } from "@/lib/api/v1-schemas";

/** The token's creator acting with the token's role in its project. */
export async function tokenAccess(db: Db, token: TokenAccess): Promise<ProjectAccess> {
  const user = await db.user.findUnique({ where: { id: token.actingUserId } });
  if (!user || user.disabledAt) throw new AppError("unauthenticated", "This API token's creator can no longer sign in.");
  return { user: { id: user.id, email: user.email, name: user.name, isOwner: user.isOwner }, projectId: token.projectId, role: token.role };
}

export async function itemAnnotations(db: Db, access: ProjectAccess, itemType: ItemType, rawId: string) {
  const id = RowIdSchema.safeParse(rawId);
  const kind = answerKinds[itemType];
  if (!id.success || !(await kind.load(db, access.projectId, id.data))) throw new AppError("not_found", itemType === "sample" ? "No such sample." : "No such trajectory.");
  const item = keyOf(itemType, id.data);
  const isReviewer = isReviewerRole(access.role);
  const rows = await db.annotation.findMany({
    where: { projectId: access.projectId, ...item, kind: "label", ...(isReviewer ? {} : { annotatorId: access.user.id }) },
    orderBy: { createdAt: "asc" },
    include: { annotator: { select: { email: true, name: true } } },
  });
  const annotations = rows.map((r) => ({
    id: r.id,
    annotator: { email: r.annotator.email, name: r.annotator.name },
    status: r.status,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    submittedAt: r.submittedAt?.toISOString() ?? null,
    ...(isReviewer ? { proposal: r.proposal } : {}),
    payload: kind.payloadOf(r),
  }));
  if (!isReviewer) return { annotations };
  const standing = await reviewStanding(db, access.projectId, item);
  return { annotations, status: standing?.status ?? null, finalAnswer: standing?.final ?? null };
}

export async function saveItemAnnotation(db: Db, access: ProjectAccess, itemType: ItemType, rawId: string, body: unknown) {
  const id = RowIdSchema.safeParse(rawId);
  if (!id.success) throw new AppError("not_found", itemType === "sample" ? "No such sample." : "No such trajectory.");
  const parsed = (itemType === "sample" ? SampleAnnotationBodySchema : TrajectoryAnnotationBodySchema).parse(body);
  const { saved, outcome } = await saveAnswer(db, access, { itemType, itemId: id.data, ...parsed } as Parameters<typeof saveAnswer>[2]);
  // Reviewers learn what their submit did; annotators get the same reply whatever it did.
  return { annotation: saved, ...(isReviewerRole(access.role) ? { outcome } : {}) };
}

/** One verdict as the review screens show it: current value and revision, every revision, the
 * effective value and whether it changed under the override in force, every override. */
export async function readVerdict(db: Db, access: ProjectAccess, rawVerdictId: string) {
  const verdictId = RowIdSchema.safeParse(rawVerdictId);
  if (!verdictId.success) throw new AppError("not_found", "No such verdict.");
  const [verdict] = await verdictsFor(db, access.projectId, { id: verdictId.data });
  if (!verdict) throw new AppError("not_found", "No such verdict.");
  return { verdict };
}

/** A reviewer confirms an override whose verdict changed under it, or withdraws it. */
export async function reviewOverrideOf(db: Db, access: ProjectAccess, rawVerdictId: string, rawOverrideId: string, body: unknown) {
  const verdictId = RowIdSchema.safeParse(rawVerdictId);
  const overrideId = RowIdSchema.safeParse(rawOverrideId);
  if (!verdictId.success || !overrideId.success) throw new AppError("not_found", "No such override.");
  const parsed = OverrideReviewBodySchema.parse(body);
  const override = await db.judgeOverride.findFirst({ where: { id: overrideId.data, verdictId: verdictId.data, verdict: { projectId: access.projectId } }, select: { id: true } });
  if (!override) throw new AppError("not_found", "No such override.");
  await reviewOverride(db, access, { overrideId: override.id, ...parsed });
  return readVerdict(db, access, verdictId.data);
}

export async function createOverride(db: Db, access: ProjectAccess, rawVerdictId: string, body: unknown) {
  const verdictId = RowIdSchema.safeParse(rawVerdictId);
  if (!verdictId.success) throw new AppError("not_found", "No such verdict.");
  const parsed = OverrideBodySchema.parse(body);
  const override = await overrideVerdict(db, access, { verdictId: verdictId.data, ...parsed });
  return { override: { id: override.id, verdictId: override.verdictId, value: override.valueScore ?? override.valueBool, reason: override.reason, createdAt: override.createdAt.toISOString() } };
}
