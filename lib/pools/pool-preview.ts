import "server-only";
// The first rows of a pool as its next snapshot will write them, for the pools screen: each
// TrainingRow the export builds (same builders, same style), the row in the profile's layout
// (image bytes named, not sent), and the target in the convention mapped back onto the
// screenshot's pixels, so the screen draws where the trainer is told the target is, rounding
// included.
import type { Db } from "@/lib/db";
import { fromConvention, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { conventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { PROFILE_WRITERS } from "@/lib/exports/profiles/profiles";
import { shapeContextOf, type ImageSource, type ShapeContext } from "@/lib/exports/profiles/profile-types";
import { readPoolSamplePage } from "@/lib/exports/read/verified-samples";
import { poolGroupBatches, poolTrajectoryBatches } from "@/lib/exports/read/verified-trajectories";
import { groundingRow } from "@/lib/exports/rows/grounding-rows";
import { navigationRows, preferencePair, successSftRow } from "@/lib/exports/rows/navigation-rows";
import type { RowImage, TrainingRow } from "@/lib/exports/rows/training-row";
import { imageFileName } from "@/lib/exports/snapshot-images";
import { findPool } from "@/lib/pools/pools";
import { KINDS_WITH_IMAGES, resolvedStyle, storedPoolSettings, type ImageMode, type PoolKind, type ProfileId } from "@/lib/pools/pool-definition";
import { openSqlReader, type SqlReader } from "@/lib/db/sql-reader";

// A mark drawn on the screenshot, in its pixels: a point, a box, an arrow (drag/scroll).
export type PreviewMark = { kind: "point"; x: number; y: number } | { kind: "box"; x1: number; y1: number; x2: number; y2: number } | { kind: "arrow"; x1: number; y1: number; x2: number; y2: number };

export type PreviewRow = {
  key: string;
  file: string;
  turns: { role: string; content: string }[];
  images: { mediaId: string; width: number; height: number }[];
  // What the row asks the trainer to produce, and the truth in the convention as written.
  answer: string | null;
  rejected: string | null;
  truth: string | null;
  marks: PreviewMark[];
  refusal: boolean;
  shaped: string;
};

export type PoolPreview = { rows: PreviewRow[]; counts: Record<string, number>; note: string | null };

const LIMIT = 6;

function placeholderImages(mode: ImageMode): ImageSource {
  return {
    mode,
    pathOf: (image: RowImage) => (mode === "absolute" ? `<snapshot>/${imageFileName(image)}` : imageFileName(image)),
    bytesOf: async () => Buffer.alloc(0),
  };
}

// The shaped row as text, embedded bytes named instead of printed.
function shapedText(shaped: Record<string, unknown>, row: TrainingRow): string {
  let i = 0;
  return JSON.stringify(
    shaped,
    (_key, value) => {
      if (value && typeof value === "object" && (value as { type?: string }).type === "Buffer") {
        const image = row.images[i++] ?? row.images[0]!;
        return `<${image.mime} bytes of ${imageFileName(image)}>`;
      }
      return value;
    },
    2,
  );
}

function marksOf(row: TrainingRow): { marks: PreviewMark[]; refusal: boolean } {
  const truth = row.groundTruth as Record<string, unknown> | null;
  const image = row.images[0];
  if (!truth || !image) return { marks: [], refusal: false };
  const space: ConventionSpace = conventionSpace(truth.convention as ConventionSpace["convention"], { width: image.width, height: image.height });
  const px = (v: number, axis: "x" | "y") => fromConvention(v, axis, space);
  const point = (p: number[]): PreviewMark => ({ kind: "point", x: px(p[0]!, "x"), y: px(p[1]!, "y") });
  const box = (b: number[]): PreviewMark => ({ kind: "box", x1: px(b[0]!, "x"), y1: px(b[1]!, "y"), x2: px(b[2]!, "x"), y2: px(b[3]!, "y") });
  if (truth.task === "grounding") {
    if (truth.refusal) return { marks: [], refusal: true };
    const answer = truth.answer as number[];
    return { marks: [box(truth.box as number[]), ...(answer.length === 2 ? [point(answer)] : [])], refusal: false };
  }
  const action = truth.action as { point?: number[]; element?: number[]; from?: number[]; to?: number[] };
  const marks: PreviewMark[] = [];
  if (action.element) marks.push(box(action.element));
  if (action.point) marks.push(point(action.point));
  if (action.from && action.to) marks.push({ kind: "arrow", x1: px(action.from[0]!, "x"), y1: px(action.from[1]!, "y"), x2: px(action.to[0]!, "x"), y2: px(action.to[1]!, "y") });
  return { marks, refusal: false };
}

async function firstRows(reader: SqlReader, projectId: string, kind: PoolKind, style: ReturnType<typeof resolvedStyle>, settings: ReturnType<typeof storedPoolSettings>, count: (key: string, n?: number) => void): Promise<TrainingRow[]> {
  const until = new Date();
  const filters = settings.filters;
  if (kind === "grounding" || kind === "mid_training") {
    const page = await readPoolSamplePage(reader, projectId, { until, afterId: null, limit: LIMIT * 2, filters, ...(kind === "mid_training" ? { tiers: ["gold", "rewrite"] } : {}) });
    const file = (tier: string | null) => (kind === "grounding" ? "grounding" : (tier ?? "gold"));
    return page.flatMap((r) => groundingRow(r, style, file(r.qualityTier), count) ?? []).slice(0, LIMIT);
  }
  if (kind === "navigation") {
    for await (const page of poolTrajectoryBatches(reader, projectId, { until, limit: LIMIT, filters })) return page.flatMap((t) => navigationRows(t, style, "navigation", count)).slice(0, LIMIT);
    return [];
  }
  const rows: TrainingRow[] = [];
  for await (const page of poolTrajectoryBatches(reader, projectId, { until, limit: LIMIT * 2, filters })) {
    rows.push(...page.filter((t) => t.humanVerdict === "success").flatMap((t) => successSftRow(t, style, count) ?? []).slice(0, LIMIT / 2));
    break;
  }
  for await (const groups of poolGroupBatches(reader, projectId, { until, limit: LIMIT, filters, groupsPerPage: LIMIT })) {
    for (const g of groups) {
      const s = g.find((t) => t.humanVerdict === "success");
      const f = g.find((t) => t.humanVerdict === "failure");
      const pair = s && f ? preferencePair(s, f, style, count) : null;
      if (pair) rows.push(pair);
    }
    break;
  }
  return rows.slice(0, LIMIT);
}

export async function previewPool(db: Db, projectId: string, poolId: string): Promise<PoolPreview> {
  const pool = await findPool(db, projectId, poolId);
  const kind = pool.kind as PoolKind;
  if (!KINDS_WITH_IMAGES.includes(kind)) return { rows: [], counts: {}, note: "Evaluation pools write each run's corrected results table; there are no rows to draw." };
  const settings = storedPoolSettings(pool.settings);
  const style = resolvedStyle(kind, settings);
  const profile = PROFILE_WRITERS[pool.profile as Exclude<ProfileId, "table">];
  const counts: Record<string, number> = {};
  const count = (key: string, n = 1) => void (counts[key] = (counts[key] ?? 0) + n);
  const reader = openSqlReader(db);
  try {
    const rows = await firstRows(reader, projectId, kind, style, settings, count);
    const images = placeholderImages(pool.imageMode as ImageMode);
    const shape: ShapeContext = shapeContextOf(kind, images, settings, style);
    const out: PreviewRow[] = [];
    for (const [index, row] of rows.entries()) {
      const shaped = await profile.shape(row, shape, index);
      const last = row.turns.at(-1);
      out.push({
        key: row.key,
        file: profile.dataFile(row.file, images.mode).name,
        turns: row.turns.map((t) => ({ role: t.role, content: t.content })),
        images: row.images.map((i) => ({ mediaId: i.mediaId, width: i.width, height: i.height })),
        answer: last?.role === "assistant" ? last.content : null,
        rejected: row.rejected ?? null,
        truth: row.groundTruth ? JSON.stringify(row.groundTruth) : null,
        ...marksOf(row),
        shaped: shapedText(shaped, row),
      });
    }
    return { rows: out, counts, note: out.length === 0 ? "No verified item of this pool makes a row yet." : null };
  } finally {
    reader.close();
  }
}
