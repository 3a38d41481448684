import "server-only";
// The request content of each item of a run, read from what the item holds now: a grounding
// sample's instruction and screenshot; a trajectory's goal and final keyframe (the last step
// that has a screenshot); for the quality teacher, a sample's instruction, screenshot and the
// target it is labelled with now (the final answer's once verified). An item that cannot be asked (no screenshot, an image the model's
// convention cannot take) is a per-item failure with the reason, never a request with a hole.
// WebJudge asks several questions per trajectory: its inputs are read by webjudge-inputs.ts.
import type { Db } from "@/lib/db";
import { AspectRatioError } from "@/lib/exports/conventions/smart-resize";
import type { MediaStore } from "@/lib/media/store";
import type { ConventionId } from "@/lib/exports/conventions/coordinate-conventions";
import { modelImage } from "@/lib/models/connections/model-image";
import { effectiveLimits, groundingPromptValues, type PixelLimits } from "@/lib/models/templates/grounding-values";
import type { ParseContext } from "@/lib/models/templates/parsed-reply";
import type { PromptTemplate } from "@/lib/models/templates/prompt-template";
import { renderPrompt, type ChatMessage } from "@/lib/models/templates/render-prompt";
import type { SingleCallTask } from "@/lib/models/runs/run-tasks";

export type RunItemRef = { id: string; sampleId: string | null; trajectoryId: string | null };
export type PreparedItem =
  | { ok: true; item: RunItemRef; messages: ChatMessage[]; parse: ParseContext | undefined; image: { width: number; height: number } | null }
  | { ok: false; item: RunItemRef; kind: "no_input" | "bad_input"; message: string };

export type MediaRef = { storageKey: string; width: number; height: number } | null;
/** The screenshot fields a request needs, as a Prisma select. */
export const MEDIA = { select: { storageKey: true, width: true, height: true } } as const;
export type ConnectionLimits = { convention: ConventionId; minPixels: number | null; maxPixels: number | null };

/** The screenshot as the connection's model is to see it (modelImage), or null without one. */
export async function imageFor(store: MediaStore, media: MediaRef, limits: ConnectionLimits, pixels: PixelLimits) {
  if (!media) return null;
  const bytes = await store.read(media.storageKey);
  return modelImage(bytes, media, { convention: limits.convention, minPixels: pixels.minPixels ?? null, maxPixels: pixels.maxPixels ?? null });
}

/** Why a request could not be built (an image the convention cannot take, a blank value). */
export function unsendableReason(error: unknown): string {
  if (error instanceof AspectRatioError) return `the screenshot cannot be sent in this convention: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

const failure = (item: RunItemRef, error: unknown): PreparedItem => ({ ok: false, item, kind: "bad_input", message: unsendableReason(error) });

type SampleRow = { id: string; media: MediaRef };

// Every sample task asks about a sample's own screenshot: an item whose sample is gone or has
// no screenshot is a failure with that reason, and `ask` builds the request of the others.
async function eachSample<S extends SampleRow>(
  items: RunItemRef[],
  load: (ids: string[]) => Promise<S[]>,
  ask: (item: RunItemRef, sample: S, media: NonNullable<MediaRef>) => Promise<PreparedItem>,
): Promise<PreparedItem[]> {
  const byId = new Map((await load(items.flatMap((i) => (i.sampleId ? [i.sampleId] : [])))).map((s) => [s.id, s]));
  return Promise.all(
    items.map(async (item): Promise<PreparedItem> => {
      const sample = byId.get(item.sampleId ?? "");
      if (!sample) return { ok: false, item, kind: "no_input", message: "the sample no longer exists" };
      if (!sample.media) return { ok: false, item, kind: "no_input", message: "the sample has no screenshot" };
      try {
        return await ask(item, sample, sample.media);
      } catch (error) {
        return failure(item, error);
      }
    }),
  );
}

function prepareGrounding(db: Db, store: MediaStore, template: PromptTemplate, limits: ConnectionLimits, items: RunItemRef[]): Promise<PreparedItem[]> {
  const pixels = effectiveLimits(template, limits);
  return eachSample(
    items,
    (ids) => db.groundingSample.findMany({ where: { id: { in: ids } }, select: { id: true, instruction: true, media: MEDIA } }),
    async (item, sample, media) => {
      const image = (await imageFor(store, media, limits, pixels))!;
      const values = groundingPromptValues(template, sample.instruction, media, pixels);
      const { messages } = renderPrompt(template, { values, images: [image.dataUrl] });
      return { ok: true, item, messages, parse: { convention: limits.convention, image: { width: media.width, height: media.height }, ...pixels }, image: { width: image.width, height: image.height } };
    },
  );
}

async function prepareOutcomeJudge(db: Db, store: MediaStore, template: PromptTemplate, limits: ConnectionLimits, items: RunItemRef[]): Promise<PreparedItem[]> {
  const ids = items.map((i) => i.trajectoryId!).filter(Boolean);
  const trajectories = await db.trajectory.findMany({ where: { id: { in: ids } }, select: { id: true, goal: true } });
  const finals = await db.step.findMany({
    where: { trajectoryId: { in: ids }, mediaId: { not: null } },
    orderBy: [{ trajectoryId: "asc" }, { index: "desc" }],
    distinct: ["trajectoryId"],
    select: { trajectoryId: true, media: MEDIA },
  });
  const goalOf = new Map(trajectories.map((t) => [t.id, t.goal]));
  const finalOf = new Map(finals.map((s) => [s.trajectoryId, s.media]));
  const pixels = effectiveLimits(template, limits);
  return Promise.all(
    items.map(async (item): Promise<PreparedItem> => {
      const goal = goalOf.get(item.trajectoryId ?? "");
      if (goal === undefined) return { ok: false, item, kind: "no_input", message: "the trajectory no longer exists" };
      const media = finalOf.get(item.trajectoryId!) ?? null;
      if (!media) return { ok: false, item, kind: "no_input", message: "the trajectory has no screenshot to judge" };
      try {
        const image = (await imageFor(store, media, limits, pixels))!;
        const { messages } = renderPrompt(template, { values: { goal }, images: [image.dataUrl] });
        return { ok: true, item, messages, parse: undefined, image: { width: image.width, height: image.height } };
      } catch (error) {
        return failure(item, error);
      }
    }),
  );
}

// The labelled action as the quality teacher reads it: on the [0,1000] grid of the screenshot,
// which stays true whatever size the image is sent at.
export const QUALITY_COORDINATE_SPACE = "a [0,1000] grid relative to the screenshot: (0,0) is its top-left corner, (1000,1000) its bottom-right";

function labelledAction(target: { absent: boolean; box: [number, number, number, number] | null }, size: { width: number; height: number }): string | null {
  if (target.absent) return "none: the labelled answer is that the target is not on this screen";
  if (!target.box) return null;
  const [x1, y1, x2, y2] = target.box;
  const gx = (x: number) => Math.round((x / size.width) * 1000);
  const gy = (y: number) => Math.round((y / size.height) * 1000);
  return `click(point=[${gx((x1 + x2) / 2)},${gy((y1 + y2) / 2)}]) on the element in the box [${gx(x1)},${gy(y1)},${gx(x2)},${gy(y2)}]`;
}

function prepareQuality(db: Db, store: MediaStore, template: PromptTemplate, limits: ConnectionLimits, items: RunItemRef[]): Promise<PreparedItem[]> {
  const pixels = effectiveLimits(template, limits);
  return eachSample(
    items,
    (ids) =>
      db.groundingSample.findMany({
        where: { id: { in: ids } },
        select: { id: true, instruction: true, effectiveTargetAbsent: true, effectiveBoxX1: true, effectiveBoxY1: true, effectiveBoxX2: true, effectiveBoxY2: true, media: MEDIA },
      }),
    async (item, sample, media) => {
      const box = sample.effectiveBoxX1 === null ? null : ([sample.effectiveBoxX1, sample.effectiveBoxY1!, sample.effectiveBoxX2!, sample.effectiveBoxY2!] as [number, number, number, number]);
      const action = labelledAction({ absent: sample.effectiveTargetAbsent, box }, media);
      if (!action) return { ok: false, item, kind: "no_input", message: "the sample has no labelled target to judge" };
      const image = (await imageFor(store, media, limits, pixels))!;
      const { messages } = renderPrompt(template, { values: { instruction: sample.instruction, action, coordinate_space: QUALITY_COORDINATE_SPACE }, images: [image.dataUrl] });
      return { ok: true, item, messages, parse: undefined, image: { width: image.width, height: image.height } };
    },
  );
}

export function prepareItems(db: Db, store: MediaStore, task: SingleCallTask, template: PromptTemplate, limits: ConnectionLimits, items: RunItemRef[]): Promise<PreparedItem[]> {
  switch (task) {
    case "grounding":
      return prepareGrounding(db, store, template, limits, items);
    case "outcome_judge":
      return prepareOutcomeJudge(db, store, template, limits, items);
    case "quality":
      return prepareQuality(db, store, template, limits, items);
  }
}
