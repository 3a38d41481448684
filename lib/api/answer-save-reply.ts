import "server-only";
// A save as the review screens ask for it and what they are told back, for both answer routes
// (app/api/projects/[projectId]/samples/[sampleId]/answer and .../trajectories/[trajectoryId]/answer):
// one body shape per kind of payload, one reply. The reply never says what the submit did to
// the item (a proposal, a honeypot answer graded): annotators must not learn it.
// In queue mode a submit also names its queue and claim: once the answer is stored, the claim
// is closed and the caller's next item claimed in the same request, side by side when they can be
// (lib/queues/move-on-in-queue.ts), and the reply says where to go, with that item's screen, so
// going on to the next item is one round trip, not two.
// Nothing here marks pages stale (revalidatePath): every page reads the session, so none is
// prerendered or cached on the server, and the browser's router cache is reached only from a
// server action's reply, never from a route's; the screen goes on with a fresh render.
import { z } from "zod";
import type { ProjectAccess } from "@/lib/auth/session-user";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { failureIn } from "@/lib/actions/result";
import type { Translate } from "@/lib/i18n/translate";
import { saveAnswer, type SaveAnswerInput, type SavedAnnotation } from "@/lib/annotations/save-answer";
import { RowIdSchema } from "@/lib/ids/row-id-shape";
import { moveOnAfterSubmit } from "@/lib/queues/move-on-in-queue";
import { screenAt } from "@/lib/api/review-screens/screen-at";

// `withNextScreen`: the review screen asks for the next item's screen in the reply (it shows it
// next); API clients and scripts leave it out and the submit does no more than store, close and claim.
const QueueStepSchema = z.object({ queueId: RowIdSchema, claimId: RowIdSchema, withNextScreen: z.literal(true).optional() });
export type QueueStep = z.infer<typeof QueueStepSchema>;

/** The body of an answer route, for a payload schema. */
export function answerSaveBody<P extends z.ZodType>(payload: P) {
  return z.object({ baseVersion: z.number().int().min(1).nullable(), status: z.enum(["draft", "submitted"]), payload, queue: QueueStepSchema.optional(), baseFinalAnswerId: RowIdSchema.nullable().optional() });
}

// `next`: where a queue-mode submit goes on to (absent when the save was not a queue-mode
// submit, or when going on failed: the screen then posts the queue's /next form itself);
// `nextScreen`: the screen at that address when the submit asked for it (`withNextScreen`) and it
// is a review screen, as its screen-data route would answer it (absent when it is another page,
// or could not be read: the screen then reads it itself).
export type AnswerSaveResult<P> =
  | { ok: true; saved: SavedAnnotation; next?: string; nextScreen?: unknown }
  | { ok: false; error: string; conflict?: { version: number | null; status: string; updatedAt: string; payload: P; final?: FinalConflict } | null };

/** A reviewer's submit refused because another final answer was pinned since the screen loaded. */
export type FinalConflict = { revisionId: string; by: string | null; at: string };

type Saved = { reply: { ok: true; saved: SavedAnnotation }; answeredClaimId: string | null };

// Failures are said with `t`, the reader's language (their cookie or browser), like every action's.
async function savedOrRefused<P>(access: ProjectAccess, input: SaveAnswerInput, t: Translate): Promise<Saved | Extract<AnswerSaveResult<P>, { ok: false }>> {
  try {
    const result = await saveAnswer(db(), access, input);
    const { id, version, status, updatedAt } = result.saved;
    return { reply: { ok: true, saved: { id, version, status, updatedAt } }, answeredClaimId: result.answeredClaimId ?? null };
  } catch (error) {
    if (isAppError(error) && error.code === "conflict") {
      const details = error.details as { current: { version: number | null; status: string; updatedAt: string; payload: P; final?: FinalConflict } | null };
      return { ok: false, error: failureIn(t, error).error, conflict: details.current };
    }
    return { ok: false, error: failureIn(t, error).error };
  }
}

// The answer is stored whatever happens here: a failure to go on must not make the screen
// believe its save failed. The screen falls back to the /next form, which closes the claim
// again (or says why it cannot) and claims.
async function nextInQueue(access: ProjectAccess, queue: QueueStep, answeredClaimId: string | null): Promise<{ address: string; screen: unknown } | undefined> {
  try {
    const read = queue.withNextScreen ? (address: string) => screenOnTheWay(access, address) : async () => null;
    return await moveOnAfterSubmit(access, { queueId: queue.queueId, claimId: queue.claimId, answeredClaimId }, read);
  } catch (error) {
    if (!isAppError(error)) console.error(error);
    return undefined;
  }
}

/** What both answer routes do with a save: store it, and for a queue-mode submit go on. */
export async function answerRouteReply<P>(access: ProjectAccess, input: SaveAnswerInput, queue: QueueStep | undefined, t: Translate): Promise<AnswerSaveResult<P>> {
  const saved = await savedOrRefused<P>(access, input, t);
  if (!("reply" in saved)) return saved;
  if (input.status !== "submitted" || !queue) return saved.reply;
  const next = await nextInQueue(access, queue, saved.answeredClaimId);
  if (!next) return saved.reply;
  return next.screen ? { ...saved.reply, next: next.address, nextScreen: next.screen } : { ...saved.reply, next: next.address };
}

// As with going on: the claim is made, so a failure to read its screen only costs the screen a request.
async function screenOnTheWay(access: ProjectAccess, address: string): Promise<unknown> {
  try {
    return await screenAt(db(), access, address);
  } catch (error) {
    if (!isAppError(error)) console.error(error);
    return null;
  }
}
