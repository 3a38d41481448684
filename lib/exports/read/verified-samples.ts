import "server-only";
// Verified grounding samples of a project, read in keyset pages ordered by (verifiedAt, id):
// each with its image, its final answer (lib/annotations/final-answer.ts), and its stored
// derived values (effective quality score and tier, the override that decided the score:
// lib/domain/derive-sample.ts). Exports stream through these pages; the v1 API serves one page
// at a time; pools read whole, in id order (readPoolSamplePage). Two queries per page,
// whatever the page size: the samples with their final answers joined, then their screenshots.
// The keyset's lower bound is written as `verifiedAt >= last` so the (projectId, verifiedAt)
// index serves every page as a range scan, not a scan from the start of the window.
import { joinedSampleAnswer, sampleAnswerJoin, SAMPLE_ANSWER_COLUMNS, type JoinedSampleAnswer, type SampleFinalAnswer } from "@/lib/annotations/final-answer";
import type { QualityTier } from "@/lib/domain/tiers";
import { asDate, inValues, placeholders, type SqlReader } from "@/lib/db/sql-reader";
import { sampleFilterSql } from "@/lib/exports/read/pool-filter-sql";
import { readAhead } from "@/lib/db/read-ahead";
// Reaches up into lib/pools for the pool it writes (definition, filters, row): a pool is
// defined beside the screens that edit it, which start this export (README, "Layout").
import type { PoolFilters } from "@/lib/pools/pool-filters";

export type VerifiedWindow = { since: Date | null; until: Date };
export type VerifiedCursor = { verifiedAt: Date; id: string };
// Effective quality score bounds: [min, below), or only the unscored samples.
export type ScoreFilter = { min?: number; below?: number } | "unscored";

export type VerifiedSampleRecord = {
  id: string;
  sourceDataset: string;
  sourceId: string;
  instruction: string;
  platform: string | null;
  app: string | null;
  language: string | null;
  qualityScore: number | null;
  qualityTier: QualityTier | null;
  verifiedAt: Date;
  image: { width: number; height: number } | null;
  media: { id: string; sha256: string; mime: string; storageKey: string } | null;
  answer: SampleFinalAnswer | null;
  // The accepted override that decided the effective quality score, if one did.
  overrideIds: string[];
};

type SampleRow = JoinedSampleAnswer & {
  id: string;
  sourceDataset: string;
  sourceId: string;
  instruction: string;
  platform: string | null;
  app: string | null;
  language: string | null;
  qualityScore: number | null;
  qualityTier: string | null;
  qualityOverrideId: string | null;
  finalAnswerId: string | null;
  verifiedAt: unknown;
  imageWidth: number | null;
  imageHeight: number | null;
  mediaId: string | null;
};

const COLUMNS = `s."id", s."sourceDataset", s."sourceId", s."instruction", s."platform", s."app", s."language", s."qualityScore",
            s."qualityTier", s."qualityOverrideId", s."finalAnswerId", s."verifiedAt", s."imageWidth", s."imageHeight", s."mediaId",
            ${SAMPLE_ANSWER_COLUMNS}`;
const FROM = `"GroundingSample" s ${sampleAnswerJoin("s")}`;

type MediaRow = { id: string; sha256: string; mime: string; storageKey: string; width: number; height: number };

// The screenshots of a page, each once: many samples share one (a screen, many instructions),
// and one lookup per distinct image is cheaper than a join per row.
async function pageMedia(reader: SqlReader, rows: SampleRow[]): Promise<Map<string, MediaRow>> {
  const ids = [...new Set(rows.map((r) => r.mediaId).filter((id): id is string => id !== null))];
  const media = new Map<string, MediaRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const params: unknown[] = [];
    for (const m of await reader.all<MediaRow>(`SELECT "id", "sha256", "mime", "storageKey", "width", "height" FROM "Media" WHERE ${inValues(reader, `"id"`, chunk, params)}`, params)) media.set(m.id, m);
  }
  return media;
}

const EPOCH = new Date(0);

function scoreSql(score: ScoreFilter | undefined, params: unknown[]): string {
  if (score === undefined) return "";
  if (score === "unscored") return `AND s."qualityScore" IS NULL`;
  let sql = "";
  if (score.min !== undefined) {
    sql += ` AND s."qualityScore" >= ?`;
    params.push(score.min);
  }
  if (score.below !== undefined) {
    sql += ` AND s."qualityScore" < ?`;
    params.push(score.below);
  }
  return sql;
}

export type SamplePageQuery = { window: VerifiedWindow; after: VerifiedCursor | null; limit: number; score?: ScoreFilter };

async function sampleRows(reader: SqlReader, projectId: string, q: SamplePageQuery): Promise<SampleRow[]> {
  const params: unknown[] = [projectId, q.window.until];
  let keyset: string;
  if (q.after) {
    keyset = `AND s."verifiedAt" >= ? AND (s."verifiedAt" > ? OR s."id" > ?)`;
    params.push(q.after.verifiedAt, q.after.verifiedAt, q.after.id);
  } else {
    keyset = `AND s."verifiedAt" > ?`;
    params.push(q.window.since ?? EPOCH);
  }
  const score = scoreSql(q.score, params);
  params.push(q.limit);
  return reader.all<SampleRow>(
    `SELECT ${COLUMNS}
       FROM ${FROM}
      WHERE s."projectId" = ? AND s."verifiedAt" <= ? ${keyset} AND s."status" = 'verified' ${score}
      ORDER BY s."verifiedAt", s."id"
      LIMIT ?`,
    params,
  );
}

export async function readVerifiedSamplePage(reader: SqlReader, projectId: string, q: SamplePageQuery): Promise<VerifiedSampleRecord[]> {
  return sampleRecords(reader, await sampleRows(reader, projectId, q));
}

export type PoolSampleQuery = { until: Date; afterId: string | null; limit: number; filters?: PoolFilters; tiers?: readonly (QualityTier | null)[]; rewrittenOnly?: boolean };

/**
 * A pool's verified samples in id order (the (projectId, status, id) index), verified up to
 * `until`, within its filters and optionally only some stored tiers (null: unscored). Every
 * snapshot is the whole pool, so pages walk every item, not a window of new ones.
 */
export async function readPoolSamplePage(reader: SqlReader, projectId: string, q: PoolSampleQuery): Promise<VerifiedSampleRecord[]> {
  const params: unknown[] = [projectId, q.until];
  let sql = `SELECT ${COLUMNS} FROM ${FROM} WHERE s."projectId" = ? AND s."status" = 'verified' AND s."verifiedAt" <= ?`;
  if (q.afterId !== null) {
    sql += ` AND s."id" > ?`;
    params.push(q.afterId);
  }
  sql += sampleFilterSql(q.filters, params);
  if (q.tiers) {
    const named = q.tiers.filter((t): t is QualityTier => t !== null);
    const parts = named.length ? [`s."qualityTier" IN (${placeholders(named.length)})`] : [];
    params.push(...named);
    if (q.tiers.includes(null)) parts.push(`s."qualityTier" IS NULL`);
    sql += ` AND (${parts.join(" OR ") || "1 = 0"})`;
  }
  // The stored rewrite of the final answer (lib/domain/derive-sample.ts).
  if (q.rewrittenOnly) sql += ` AND s."instructionRewrite" IS NOT NULL`;
  sql += ` ORDER BY s."id" LIMIT ?`;
  params.push(q.limit);
  return sampleRecords(reader, await reader.all<SampleRow>(sql, params));
}

export function poolSampleBatches(reader: SqlReader, projectId: string, q: Omit<PoolSampleQuery, "afterId">): AsyncGenerator<VerifiedSampleRecord[]> {
  return readAhead((afterId: string | null) => readPoolSamplePage(reader, projectId, { ...q, afterId }), q.limit, (page) => page.at(-1)!.id);
}

async function sampleRecords(reader: SqlReader, rows: SampleRow[]): Promise<VerifiedSampleRecord[]> {
  const media = await pageMedia(reader, rows);
  return rows.map((r) => {
    const m = r.mediaId ? media.get(r.mediaId) : undefined;
    const width = m?.width ?? r.imageWidth;
    const height = m?.height ?? r.imageHeight;
    return {
      id: r.id,
      sourceDataset: r.sourceDataset,
      sourceId: r.sourceId,
      instruction: r.instruction,
      platform: r.platform,
      app: r.app,
      language: r.language,
      qualityScore: r.qualityScore,
      qualityTier: r.qualityTier as QualityTier | null,
      verifiedAt: asDate(r.verifiedAt)!,
      image: width !== null && height !== null ? { width, height } : null,
      media: m ? { id: m.id, sha256: m.sha256, mime: m.mime, storageKey: m.storageKey } : null,
      answer: joinedSampleAnswer(r),
      overrideIds: r.qualityOverrideId ? [r.qualityOverrideId] : [],
    };
  });
}

export const cursorOf = (record: { verifiedAt: Date; id: string }): VerifiedCursor => ({ verifiedAt: record.verifiedAt, id: record.id });

/** Every verified sample of the window, page by page: memory holds one page at a time. */
export async function* verifiedSampleBatches(
  reader: SqlReader,
  projectId: string,
  q: Omit<SamplePageQuery, "after">,
): AsyncGenerator<VerifiedSampleRecord[]> {
  let after: VerifiedCursor | null = null;
  for (;;) {
    const page = await readVerifiedSamplePage(reader, projectId, { ...q, after });
    if (page.length === 0) return;
    yield page;
    if (page.length < q.limit) return;
    const next = cursorOf(page.at(-1)!);
    assertKeysetAdvances(after, next);
    after = next;
  }
}

// A keyset page that does not move past the previous one would loop for ever, rewriting the
// same rows into the snapshot. It happens when stored dates are not in the format the
// driver compares them in (rows written by hand, outside the app); refuse instead of looping.
export function assertKeysetAdvances(previous: VerifiedCursor | null, next: VerifiedCursor): void {
  if (!previous) return;
  const before = previous.verifiedAt.getTime();
  const now = next.verifiedAt.getTime();
  if (now > before || (now === before && next.id > previous.id)) return;
  throw new Error(`verified rows came back out of order after ${previous.id} (verifiedAt ${previous.verifiedAt.toISOString()}): check the stored verifiedAt values`);
}
