import "server-only";
// The v1 API's read side: verified samples and trajectories with their final answers, one
// keyset page at a time, oldest verification first, through the same readers the exports
// stream from. The cursor is opaque to clients (base64url of the last item's verification
// time and id), so a client that keeps its last cursor later receives what was verified since.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { ActionSchema } from "@/lib/domain/actions";
import { AppError } from "@/lib/errors";
import type { SampleFinalAnswer, TrajectoryFinalAnswer } from "@/lib/annotations/final-answer";
import { REVISION_SOURCES, type RevisionSource } from "@/lib/domain/item-lifecycle";
import { storedFlags } from "@/lib/trajectories/trajectory-review";
import type { ApiSample, ApiTrajectory } from "@/lib/api/v1-schemas";
import { groundingSolution } from "@/lib/exports/grounding-answer";
import { cursorOf, readVerifiedSamplePage, type VerifiedCursor } from "@/lib/exports/read/verified-samples";
import { readVerifiedTrajectoryPage } from "@/lib/exports/read/verified-trajectories";
import { openSqlReader } from "@/lib/db/sql-reader";

const CursorSchema = z.object({ v: z.iso.datetime(), id: z.string().min(1).max(64) });

export function encodeCursor(cursor: VerifiedCursor): string {
  return Buffer.from(JSON.stringify({ v: cursor.verifiedAt.toISOString(), id: cursor.id })).toString("base64url");
}

export function decodeCursor(text: string | undefined): VerifiedCursor | null {
  if (text === undefined) return null;
  let parsed: z.infer<typeof CursorSchema>;
  try {
    parsed = CursorSchema.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
  } catch {
    throw new AppError("invalid_input", "after: not a cursor this API gave out (use nextCursor of the previous page)");
  }
  return { verifiedAt: new Date(parsed.v), id: parsed.id };
}

// Everything verified up to now; a page never holds an item verified after it was asked for.
const windowUntilNow = () => ({ since: null, until: new Date() });

const revisionFields = (a: SampleFinalAnswer | TrajectoryFinalAnswer) => ({
  revisionId: a.revisionId,
  revision: a.revision,
  source: (REVISION_SOURCES as readonly string[]).includes(a.source) ? (a.source as RevisionSource) : "review",
  pinnedAt: a.pinnedAt.toISOString(),
  fromAnnotationId: a.fromAnnotationId,
});

export async function verifiedSamplePage(db: Db, projectId: string, query: { after?: string; limit: number }): Promise<{ items: ApiSample[]; nextCursor: string | null }> {
  const reader = openSqlReader(db);
  try {
    const records = await readVerifiedSamplePage(reader, projectId, { window: windowUntilNow(), after: decodeCursor(query.after), limit: query.limit });
    const items = records.map((r): ApiSample => {
      const a = r.answer;
      const canGrid = a !== null && r.image !== null && (a.targetAbsent || a.box !== null);
      return {
        id: r.id,
        sourceDataset: r.sourceDataset,
        sourceId: r.sourceId,
        instruction: r.instruction,
        platform: r.platform,
        app: r.app,
        language: r.language,
        verifiedAt: r.verifiedAt.toISOString(),
        qualityScore: r.qualityScore,
        tier: r.qualityTier,
        image: r.media && r.image ? { mediaId: r.media.id, sha256: r.media.sha256, mime: r.media.mime, width: r.image.width, height: r.image.height } : null,
        answer: a && {
          ...revisionFields(a),
          targetAbsent: a.targetAbsent,
          box: a.targetAbsent ? null : a.box,
          grid: canGrid ? groundingSolution({ id: r.id, targetAbsent: a.targetAbsent, box: a.box, image: r.image! }) : null,
          instructionRewrite: a.instructionRewrite,
        },
        overrideIds: r.overrideIds,
      };
    });
    return { items, nextCursor: records.length === query.limit ? encodeCursor(cursorOf(records.at(-1)!)) : null };
  } finally {
    reader.close();
  }
}

export async function verifiedTrajectoryPage(db: Db, projectId: string, query: { after?: string; limit: number }): Promise<{ items: ApiTrajectory[]; nextCursor: string | null }> {
  const reader = openSqlReader(db);
  try {
    const records = await readVerifiedTrajectoryPage(reader, projectId, { window: windowUntilNow(), after: decodeCursor(query.after), limit: query.limit });
    const items = records.map((t): ApiTrajectory => ({
      id: t.id,
      goal: t.goal,
      groupKey: t.groupKey,
      runId: t.runId,
      benchmark: t.benchmark,
      app: t.app,
      model: t.model,
      sourceDataset: t.sourceDataset,
      sourceId: t.sourceId,
      invalidActionCount: t.invalidActionCount,
      verifiedAt: t.verifiedAt.toISOString(),
      derived: {
        autoOutcome: t.autoOutcome,
        autoOutcomeAfterOverrides: t.effectiveAutoOutcome,
        flags: storedFlags(t.mismatchFlags, true),
        stepsCorrect: t.stepsCorrect,
        stepsIncorrect: t.stepsIncorrect,
        reward: t.reward,
        advantage: t.advantage,
        groupSize: t.groupSize,
      },
      answer: t.answer && {
        ...revisionFields(t.answer),
        traceVerdict: (["success", "failure", "unsure"] as const).find((v) => v === t.answer!.traceVerdict) ?? null,
        firstWrongStep: t.answer.firstWrongStep,
        stepLabels: Array.isArray(t.answer.stepLabels) ? t.answer.stepLabels : [],
      },
      steps: t.steps.map((s) => {
        const action = ActionSchema.safeParse(s.action);
        return {
          index: s.index,
          action: action.success ? action.data : null,
          image: s.media && s.image ? { mediaId: s.media.id, sha256: s.media.sha256, mime: s.media.mime, width: s.image.width, height: s.image.height } : null,
        };
      }),
    }));
    const last = records.at(-1);
    return { items, nextCursor: last && records.length === query.limit ? encodeCursor({ verifiedAt: last.verifiedAt, id: last.id }) : null };
  } finally {
    reader.close();
  }
}
