import "server-only";
// Placeholder accounts: the people behind imported labels (an AgentRewardBench annotator "A",
// the e-mail of a Verity JSONL annotation line) before anyone knows which Verity user they
// are. Each name gets one placeholder per project (ImportedAnnotator), created the first time
// an import meets it and found again by every later import, so imported labels are real
// annotations with an annotator: agreement and judge-vs-human figures count them.
// A placeholder never signs in (no password, an address under the reserved .invalid domain,
// refused by sign-in and sessions even so) and is a member of no project, so no queue can
// hand it work. The site owner later either links it to an existing user (its annotations and
// the final answers credited to it move to that user, and the placeholder is removed) or
// turns it into a user of its own (an e-mail, a name and a password).
// Names are never matched to existing accounts automatically: a project admin's import
// must not be able to put answers in another person's name.
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/lib/db";
import type { LabelAnnotator } from "@/lib/domain/labels";
import { saidError } from "@/lib/errors/said-error";

/** RFC 2606 reserves .invalid: no mail server, no identity provider, can ever answer for it. */
export const PLACEHOLDER_DOMAIN = "placeholder.invalid";

const SOURCE_NAMES: Record<LabelAnnotator["source"], string> = { email: "Verity JSONL", agentrewardbench: "AgentRewardBench" };

export function placeholderDisplayName(annotator: LabelAnnotator): string {
  return annotator.source === "email" ? annotator.name : `${annotator.name} (${SOURCE_NAMES[annotator.source]})`;
}

export const externalNameOf = (annotator: LabelAnnotator) => (annotator.source === "email" ? annotator.name.trim().toLowerCase() : annotator.name.trim());

/** The account that holds this annotator's work in the project; a placeholder is created the
 * first time. Runs in the caller's transaction, so a failed import leaves no placeholder. */
export async function ensureImportedAnnotator(tx: Tx, projectId: string, annotator: LabelAnnotator): Promise<{ userId: string; created: boolean }> {
  const key = { projectId, source: annotator.source, externalName: externalNameOf(annotator) };
  const known = await tx.importedAnnotator.findUnique({ where: { projectId_source_externalName: key }, select: { userId: true } });
  if (known) return { userId: known.userId, created: false };
  const user = await tx.user.create({
    data: { email: `${randomUUID()}@${PLACEHOLDER_DOMAIN}`, name: placeholderDisplayName(annotator), isPlaceholder: true },
    select: { id: true },
  });
  await tx.importedAnnotator.create({ data: { ...key, userId: user.id } });
  return { userId: user.id, created: true };
}

export type PlaceholderRow = Awaited<ReturnType<typeof listPlaceholders>>[number];

/** Every placeholder, with the project and name it stands for, how much work it holds, the
 * members of its projects (`memberIds`: linking anyone else asks the owner to confirm), and
 * the member whose e-mail the labels gave (a likely match the owner confirms). A user of the
 * same e-mail who is not a member of the placeholder's project, and the site owner, are never
 * suggested on the e-mail alone: one click would credit that project's work to them. */
export async function listPlaceholders(db: Db) {
  const placeholders = await db.user.findMany({
    where: { isPlaceholder: true },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      importedAs: { select: { source: true, externalName: true, projectId: true, project: { select: { slug: true, name: true } } } },
      _count: { select: { annotations: true } },
    },
  });
  const projectIds = [...new Set(placeholders.flatMap((p) => p.importedAs.map((a) => a.projectId)))];
  const memberships = projectIds.length
    ? await db.membership.findMany({ where: { projectId: { in: projectIds }, user: { isPlaceholder: false } }, select: { projectId: true, userId: true, user: { select: { email: true, isOwner: true } } } })
    : [];
  const membersOf = (projectId: string) => memberships.filter((m) => m.projectId === projectId);
  return placeholders.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt,
    annotations: p._count.annotations,
    names: p.importedAs.map((a) => ({ source: SOURCE_NAMES[a.source as LabelAnnotator["source"]] ?? a.source, externalName: a.externalName, project: a.project })),
    memberIds: [...new Set(p.importedAs.flatMap((a) => membersOf(a.projectId).map((m) => m.userId)))],
    suggestedUserId:
      p.importedAs
        .map((a) => (a.source === "email" ? membersOf(a.projectId).find((m) => m.user.email === a.externalName && !m.user.isOwner)?.userId : undefined))
        .find(Boolean) ?? null,
  }));
}

/** The imported names an owner has said who they are (linked, or made users), newest first. */
export async function listLinkedAnnotators(db: Db, take = 200) {
  const rows = await db.importedAnnotator.findMany({
    where: { linkedAt: { not: null } },
    orderBy: { linkedAt: "desc" },
    take,
    select: { id: true, source: true, externalName: true, linkedAt: true, project: { select: { slug: true, name: true } }, user: { select: { id: true, name: true, email: true } } },
  });
  return rows.map((r) => ({ ...r, source: SOURCE_NAMES[r.source as LabelAnnotator["source"]] ?? r.source, linkedAt: r.linkedAt! }));
}

async function placeholderOrThrow(tx: Tx, id: string) {
  const user = await tx.user.findUnique({ where: { id }, select: { id: true, name: true, isPlaceholder: true } });
  if (!user || !user.isPlaceholder) throw saidError("not_found", "messages.noSuchPlaceholder");
  return user;
}

/** Items both accounts answered: one person cannot hold two answers on an item. */
async function sharedItems(tx: Tx, placeholderId: string, userId: string): Promise<{ itemType: string; itemId: string }[]> {
  return tx.$queryRaw<{ itemType: string; itemId: string }[]>`
    SELECT a."itemType" AS "itemType", COALESCE(a."sampleId", a."trajectoryId") AS "itemId"
      FROM "Annotation" a
      JOIN "Annotation" b ON b."annotatorId" = ${userId} AND b."kind" = a."kind"
                         AND (b."sampleId" = a."sampleId" OR b."trajectoryId" = a."trajectoryId")
     WHERE a."annotatorId" = ${placeholderId}
     LIMIT 6`;
}

/** Replaces the placeholder by the user in the contributor lists of the final answers made from its annotations. */
async function moveCredits(tx: Tx, placeholderId: string, userId: string, annotationIds: string[]): Promise<number> {
  let moved = 0;
  for (let i = 0; i < annotationIds.length; i += 300) {
    const revisions = await tx.answerRevision.findMany({ where: { fromAnnotationId: { in: annotationIds.slice(i, i + 300) } }, select: { id: true, contributorIds: true } });
    for (const r of revisions) {
      const ids = Array.isArray(r.contributorIds) ? (r.contributorIds as string[]) : [];
      if (!ids.includes(placeholderId)) continue;
      await tx.answerRevision.update({ where: { id: r.id }, data: { contributorIds: [...new Set(ids.map((id) => (id === placeholderId ? userId : id)))] }, select: { id: true } });
      moved += 1;
    }
  }
  await tx.answerRevision.updateMany({ where: { decidedById: placeholderId }, data: { decidedById: userId } });
  return moved;
}

export type LinkResult = { placeholder: string; user: { id: string; email: string; name: string }; annotations: number; revisions: number };

/** The placeholder's work becomes the user's: annotations, the final answers credited to it,
 * and the imported names it stands for (so later imports of the same labels find the user). */
export async function linkPlaceholder(db: Db, input: { placeholderId: string; userId: string; ownerId: string; confirmNonMember?: boolean }): Promise<LinkResult> {
  return db.$transaction(async (tx) => {
    const placeholder = await placeholderOrThrow(tx, input.placeholderId);
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, email: true, name: true, isPlaceholder: true } });
    if (!user || user.isPlaceholder) throw saidError("not_found", "messages.chooseUserToLink");
    // The work was done in the placeholder's projects: crediting it to someone outside them is
    // asked for explicitly.
    if (!input.confirmNonMember) {
      const projects = await tx.importedAnnotator.findMany({ where: { userId: placeholder.id }, select: { projectId: true, project: { select: { name: true } } } });
      const member = await tx.membership.count({ where: { userId: user.id, projectId: { in: projects.map((p) => p.projectId) } } });
      if (projects.length && member === 0) {
        throw saidError("conflict", "messages.placeholderNonMember", { email: user.email, placeholder: placeholder.name, projects: [...new Set(projects.map((p) => p.project.name))].join(", ") });
      }
    }
    const shared = await sharedItems(tx, placeholder.id, user.id);
    if (shared.length) {
      const listed = shared.slice(0, 5).map((s) => `${s.itemType} ${s.itemId}`).join(", ");
      throw saidError("conflict", "messages.placeholderShared", { email: user.email, placeholder: placeholder.name, items: `${listed}${shared.length > 5 ? ", ..." : ""}` });
    }
    const annotationIds = (await tx.annotation.findMany({ where: { annotatorId: placeholder.id }, select: { id: true } })).map((a) => a.id);
    const revisions = await moveCredits(tx, placeholder.id, user.id, annotationIds);
    const { count } = await tx.annotation.updateMany({ where: { annotatorId: placeholder.id }, data: { annotatorId: user.id } });
    const now = new Date();
    await tx.importedAnnotator.updateMany({ where: { userId: placeholder.id }, data: { userId: user.id, linkedAt: now, linkedById: input.ownerId } });
    await tx.user.delete({ where: { id: placeholder.id } });
    await tx.auditLog.create({
      data: { userId: input.ownerId, action: "user.link_placeholder", targetType: "user", targetId: user.id, details: { placeholder: placeholder.name, placeholderId: placeholder.id, annotations: count, revisions } },
    });
    return { placeholder: placeholder.name, user: { id: user.id, email: user.email, name: user.name }, annotations: count, revisions };
  });
}

/** The placeholder becomes a user of its own: it keeps its id, so its work stays where it is. */
export async function convertPlaceholder(db: Db, input: { placeholderId: string; email: string; name: string; passwordHash: string; ownerId: string }) {
  return db.$transaction(async (tx) => {
    const placeholder = await placeholderOrThrow(tx, input.placeholderId);
    const taken = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (taken) throw saidError("conflict", "messages.placeholderEmailTaken", { email: input.email, placeholder: placeholder.name });
    const user = await tx.user.update({
      where: { id: placeholder.id },
      data: { email: input.email, name: input.name, passwordHash: input.passwordHash, isPlaceholder: false, sessionVersion: { increment: 1 } },
      select: { id: true, email: true, name: true, _count: { select: { annotations: true } } },
    });
    const now = new Date();
    await tx.importedAnnotator.updateMany({ where: { userId: placeholder.id }, data: { linkedAt: now, linkedById: input.ownerId } });
    await tx.auditLog.create({ data: { userId: input.ownerId, action: "user.create_from_placeholder", targetType: "user", targetId: user.id, details: { placeholder: placeholder.name } } });
    return { placeholder: placeholder.name, user: { id: user.id, email: user.email, name: user.name }, annotations: user._count.annotations };
  });
}
