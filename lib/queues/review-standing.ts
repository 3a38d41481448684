import "server-only";
// Where an item stands, for reviewers and admins on its review page: its lifecycle state, its
// pinned final answer (which revision, from where, decided by whom, whose answers), the
// revisions before it, open proposals, and whether it is a honeypot. Never loaded for an
// annotator: a verified state or a known answer would give a honeypot away.
import type { Db } from "@/lib/db";
import { modelColumns, modelOf } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import { asDate, inValues } from "@/lib/db/sql-reader";
import type { AnswerRevision } from "@/lib/generated/sqlite/client";
import { payloadOf, trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { isSampleKey, itemIdOf, itemTable, type ItemKey } from "@/lib/annotations/item-key";
import { openProposals } from "@/lib/annotations/proposals";

export async function reviewStanding(db: Db, projectId: string, item: ItemKey) {
  const exec = execFor(db);
  const [table, column, itemId] = [itemTable(item), isSampleKey(item) ? "sampleId" : "trajectoryId", itemIdOf(item)];
  // Raw statements, the people's names joined (issue 38: each Prisma call compiles its query again).
  const [row] = await exec.all<{ status: string; verifiedAt: unknown; finalAnswerId: string | null }>(
    `SELECT "status", "verifiedAt", "finalAnswerId" FROM "${table}" WHERE "id" = ? AND "projectId" = ?`,
    [itemId, projectId],
  );
  if (!row) return null;
  const [revisionRows, proposals, honeypots] = await Promise.all([
    exec.all<Record<string, unknown>>(
      `SELECT ${modelColumns(db, "AnswerRevision", "r")}, u."name" AS "decidedByName" FROM "AnswerRevision" r LEFT JOIN "User" u ON u."id" = r."decidedById"
       WHERE r."projectId" = ? AND r."${column}" = ? ORDER BY r."revision" DESC`,
      [projectId, itemId],
    ),
    openProposals(db, projectId, item),
    exec.all<{ id: string; createdAt: unknown }>(`SELECT "id", "createdAt" FROM "Honeypot" WHERE "projectId" = ? AND "${column}" = ? LIMIT 1`, [projectId, itemId]),
  ]);
  const revisions = revisionRows.map((r) => ({ ...modelOf<AnswerRevision>(db, "AnswerRevision", r), decidedByName: (r.decidedByName as string | null) ?? null }));
  const contributorIds = [...new Set(revisions.flatMap((r) => (Array.isArray(r.contributorIds) ? (r.contributorIds as string[]) : [])))];
  const nameParams: unknown[] = [];
  const people = new Map(
    contributorIds.length
      ? (await exec.all<{ id: string; name: string }>(`SELECT "id", "name" FROM "User" WHERE ${inValues(exec, '"id"', contributorIds, nameParams)}`, nameParams)).map((u) => [u.id, u.name])
      : [],
  );
  const honeypot = honeypots[0];
  const view = revisions.map((r) => ({
    id: r.id,
    revision: r.revision,
    source: r.source,
    decision: r.decision,
    decidedBy: r.decidedByName,
    contributors: (Array.isArray(r.contributorIds) ? (r.contributorIds as string[]) : []).map((id) => people.get(id) ?? "a removed user"),
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    supersededAt: r.supersededAt?.toISOString() ?? null,
    supersededReason: r.supersededReason,
    grounding: isSampleKey(item) ? payloadOf(r) : null,
    trajectory: isSampleKey(item) ? null : trajectoryPayloadOf(r),
  }));
  return {
    status: row.status,
    verifiedAt: asDate(row.verifiedAt)?.toISOString() ?? null,
    final: view.find((r) => r.id === row.finalAnswerId) ?? null,
    history: view.filter((r) => r.id !== row.finalAnswerId),
    proposals,
    honeypot: honeypot ? { id: honeypot.id, createdAt: asDate(honeypot.createdAt)!.toISOString() } : null,
  };
}

export type ReviewStanding = NonNullable<Awaited<ReturnType<typeof reviewStanding>>>;
