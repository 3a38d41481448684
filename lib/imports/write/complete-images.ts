import "server-only";
// Completes samples and steps imported with image_missing, from images imported alone. Driven
// by the waiting references, not by file names: each reference is looked up among the
// imported images by path (image-files.ts `locateByTail`: one path must be a tail of the
// other, so `a/shot.png` never completes `b/shot.png`), and an image that would complete
// references to different screenshots (`taskA/screenshot1.png` and `taskB/screenshot1.png`
// both ending in the one `screenshot1.png` given) is refused and named, never guessed.
// A sample keeps the rule it was imported under (stated-size.ts): an image of another aspect
// ratio than the record's stated size is refused, a resized one rescales the stored box,
// polygon and predictions, and a box that lies outside the image is refused; so whichever
// comes first, records or images, the stored box is the same. A screenshot is a verified
// input: one that completes a settled sample or trajectory reopens it, or is not linked when
// the import keeps verified inputs (verified-change.ts), each in a transaction of its own.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { referenceSegments } from "@/lib/imports/image-files";
import type { ImageFiles, MediaCache } from "@/lib/imports/write/media-cache";
import { note, noteLanded, reject, type FormatReport } from "@/lib/imports/write/report";
import { compareStatedSize } from "@/lib/imports/write/stated-size";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { isTailOf } from "@/lib/imports/image-files";
import { lookupInChunks } from "@/lib/db/key-lookup";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { sampleInputsOf, trajectoryInputsOf } from "@/lib/annotations/item-inputs";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import type { VerifiedInputs } from "@/lib/domain/verified-inputs";
import { onProposedInputs, recordSourceChange, settledState, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";

const PAGE = 1_000;
const EDGE_TOLERANCE = 0.5;
const SHOWN = 5;

export type CompletionContext = {
  db: Db;
  projectId: string;
  files: ImageFiles;
  media: MediaCache;
  report: FormatReport;
  touched: TouchedIds;
  /** How many images the import holds (to report those that completed nothing). */
  imageCount: number;
  policy: VerifiedChangePolicy;
};

type Waiting = { refs: Set<string> };

/** Every distinct reference still waiting for its image in the project, in pages. */
async function* waitingReferences(db: Db, projectId: string): AsyncGenerator<string> {
  const sources = [
    (cursor: string | undefined) =>
      db.groundingSample.findMany({ where: { projectId, imageMissing: true, imageRef: { not: null } }, select: { id: true, imageRef: true }, orderBy: { id: "asc" }, take: PAGE, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) }),
    (cursor: string | undefined) =>
      db.step.findMany({ where: { imageMissing: true, imageRef: { not: null }, trajectory: { projectId } }, select: { id: true, imageRef: true }, orderBy: { id: "asc" }, take: PAGE, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) }),
    async (cursor: string | undefined) =>
      (
        await db.step.findMany({ where: { overlayMediaId: null, overlayImageRef: { not: null }, trajectory: { projectId } }, select: { id: true, overlayImageRef: true }, orderBy: { id: "asc" }, take: PAGE, ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}) })
      ).map((s) => ({ id: s.id, imageRef: s.overlayImageRef })),
  ];
  const seen = new Set<string>();
  for (const page of sources) {
    let cursor: string | undefined;
    for (;;) {
      const rows = await page(cursor);
      for (const row of rows) {
        if (row.imageRef && !seen.has(row.imageRef)) {
          seen.add(row.imageRef);
          yield row.imageRef;
        }
      }
      if (rows.length < PAGE) break;
      cursor = rows.at(-1)!.id;
    }
  }
}

/** All references lie on one path (each a tail of the longest): they can name one file. */
function isOneScreenshot(refs: Iterable<string>): boolean {
  const sorted = [...refs].sort((a, b) => referenceSegments(b).length - referenceSegments(a).length);
  const longest = sorted[0];
  return longest !== undefined && sorted.every((ref) => isTailOf(ref, longest));
}

function insideImage(box: number[], width: number, height: number): boolean {
  const [x1, y1, x2, y2] = box as [number, number, number, number];
  return x1 >= -EDGE_TOLERANCE && y1 >= -EDGE_TOLERANCE && x2 <= width + EDGE_TOLERANCE && y2 <= height + EDGE_TOLERANCE;
}

export async function completeWaitingImages(ctx: CompletionContext): Promise<void> {
  const { db, projectId, files, report } = ctx;
  const locate = files.locateByTail ?? files.locate;
  const byImage = new Map<string, Waiting>();
  for await (const ref of waitingReferences(db, projectId)) {
    const found = await locate(ref);
    if ("path" in found) {
      const entry = byImage.get(found.path) ?? { refs: new Set<string>() };
      entry.refs.add(ref);
      byImage.set(found.path, entry);
    } else if (found.isAmbiguous) {
      reject(report, { file: ref, line: null }, `${found.missing}; the record waiting for it keeps waiting (import the folder its path starts from)`);
    }
  }

  let completedImages = 0;
  for (const [imagePath, { refs }] of byImage) {
    if (!isOneScreenshot(refs)) {
      const shown = [...refs].slice(0, SHOWN).join(", ");
      reject(report, { file: imagePath, line: null }, `ambiguous: this one image would complete records waiting for different screenshots (${shown}${refs.size > SHOWN ? ", ..." : ""}); import the folder those paths start from`);
      continue;
    }
    const found = await ctx.media.lookup(imagePath);
    if (!found.found) {
      reject(report, { file: imagePath, line: null }, found.reason);
      continue;
    }
    const completed = await linkImage(ctx, imagePath, [...refs], found.mediaId, found.size);
    if (completed > 0) {
      completedImages += 1;
      if (found.isNew) report.created.media += 1;
    }
  }
  const idle = ctx.imageCount - completedImages;
  if (idle > 0) note(report, { file: "", line: null }, `${idle} of ${ctx.imageCount} images complete no record waiting for its image`);
}

type WaitingSample = { id: string; sourceId: string; sourceDataset: string; status: string; imageRef: string | null; imageWidth: number | null; imageHeight: number | null; boxX1: number | null; boxY1: number | null; boxX2: number | null; boxY2: number | null; polygon: unknown };

/**
 * A settled item's screenshots completed in its own write transaction: the writes, then, if
 * the inputs it was verified on changed, its reopening (or nothing is written, when the
 * import keeps verified inputs). Returns whether the screenshots were linked.
 */
async function completeSettled(ctx: CompletionContext, item: { sampleId: string } | { trajectoryId: string }, label: string, where: { file: string; line: number | null }, write: (tx: Prisma.TransactionClient) => Promise<void>, propose: (before: VerifiedInputs) => VerifiedInputs): Promise<boolean> {
  return inWriteTransaction(ctx.db, ctx.projectId, async (w) => {
    const state = await settledState(w, ctx.projectId, item);
    const before = "sampleId" in item ? (await sampleInputsOf(w.exec, [item.sampleId])).get(item.sampleId)! : (await trajectoryInputsOf(w.exec, [item.trajectoryId])).get(item.trajectoryId)!;
    const proposed = propose(before);
    const verdict = onProposedInputs(ctx.policy, state, before, proposed);
    if (verdict.action === "keep") {
      await recordSourceChange(w, ctx.policy, ctx.report, { projectId: ctx.projectId, item, label, action: "keep", changes: verdict.changes, before, after: proposed, state: state!, location: where });
      return false;
    }
    await write(w.tx as unknown as Prisma.TransactionClient);
    if (verdict.action === "reopen") {
      await recordSourceChange(w, ctx.policy, ctx.report, { projectId: ctx.projectId, item, label, action: "reopen", changes: verdict.changes, before, after: proposed, state: state!, location: where });
    }
    return true;
  });
}

/** The report links to what an images-only import completed, as to what a records import wrote: a run's trajectories through the run, the others through their benchmark. */
function noteTrajectoryLanded(report: FormatReport, trajectory: { benchmark: string | null; run: { id: string; name: string } | null }): void {
  if (trajectory.run) noteLanded(report, { run: trajectory.run });
  else if (trajectory.benchmark) noteLanded(report, { trajectoryBenchmark: trajectory.benchmark });
}

/** Links one image to the samples and steps waiting for it; returns how many it completed. */
async function linkImage(ctx: CompletionContext, imagePath: string, refs: string[], mediaId: string, size: { width: number; height: number }): Promise<number> {
  const { db, projectId, report, touched } = ctx;
  const samples = (await lookupInChunks(refs, (chunk) =>
    db.groundingSample.findMany({
      where: { projectId, imageMissing: true, imageRef: { in: chunk } },
      select: { id: true, sourceId: true, sourceDataset: true, status: true, imageRef: true, imageWidth: true, imageHeight: true, boxX1: true, boxY1: true, boxX2: true, boxY2: true, polygon: true },
    }),
  )) as WaitingSample[];
  const writes: Prisma.PrismaPromise<unknown>[] = [];
  let completed = 0;
  for (const sample of samples) {
    const where = { file: sample.imageRef ?? imagePath, line: null };
    const stated = sample.imageWidth && sample.imageHeight ? { width: sample.imageWidth, height: sample.imageHeight } : null;
    const sizes = compareStatedSize(stated, size);
    if (sizes.kind === "mismatch") {
      reject(report, where, `sample ${sample.sourceId}: ${sizes.reason}; it keeps waiting for its image`);
      continue;
    }
    const box = sample.boxX1 === null ? null : [sample.boxX1, sample.boxY1!, sample.boxX2!, sample.boxY2!];
    const sx = sizes.kind === "resized" ? sizes.sx : 1;
    const sy = sizes.kind === "resized" ? sizes.sy : 1;
    const scaled = box ? [box[0]! * sx, box[1]! * sy, box[2]! * sx, box[3]! * sy] : null;
    if (scaled && !insideImage(scaled, size.width, size.height)) {
      reject(report, where, `sample ${sample.sourceId}: box [${scaled.map((v) => Math.round(v * 10) / 10).join(", ")}] lies outside the ${size.width}x${size.height} image ${imagePath}; it keeps waiting for its image`);
      continue;
    }
    // Stale in the same write: its box may be rescaled, and its predictions with it.
    const data: Prisma.GroundingSampleUpdateInput = { media: { connect: { id: mediaId } }, imageMissing: false, derivedRevision: 0 };
    if (sizes.kind === "resized") {
      const [x1, y1, x2, y2] = scaled!.map((v, i) => Math.min(Math.max(0, v), i % 2 === 0 ? size.width : size.height));
      Object.assign(data, scaled ? { boxX1: x1, boxY1: y1, boxX2: x2, boxY2: y2 } : {});
      if (Array.isArray(sample.polygon)) data.polygon = (sample.polygon as [number, number][]).map(([x, y]) => [x * sx, y * sy]);
    }
    // Point predictions were stored in the stated size's pixels, like the box.
    const rescale = sizes.kind === "resized" ? { where: { sampleId: sample.id, kind: "point" }, data: { x: { multiply: sx }, y: { multiply: sy } } } : null;
    if (isSettled(sample.status)) {
      const linked = await completeSettled(ctx, { sampleId: sample.id }, `sample ${sample.sourceId}`, where, async (tx) => {
        if (rescale) await tx.modelPrediction.updateMany(rescale);
        await tx.groundingSample.update({ where: { id: sample.id }, data, select: { id: true } });
      }, (before) => ({ ...before, screenshot: mediaId, width: size.width, height: size.height }));
      if (!linked) continue;
    } else {
      if (rescale) writes.push(db.modelPrediction.updateMany(rescale));
      writes.push(db.groundingSample.update({ where: { id: sample.id }, data }));
    }
    if (sizes.kind === "resized") note(report, where, `sample ${sample.sourceId}: ${sizes.note}`);
    noteLanded(report, { sampleSource: sample.sourceDataset });
    touched.samples.add(sample.id);
    completed += 1;
  }
  const waitingSteps = await lookupInChunks(refs, (chunk) =>
    db.step.findMany({ where: { imageMissing: true, imageRef: { in: chunk }, trajectory: { projectId } }, select: { id: true, trajectoryId: true, index: true, trajectory: { select: { status: true, sourceId: true, benchmark: true, run: { select: { id: true, name: true } } } } } }),
  );
  const steps = waitingSteps.filter((s) => !isSettled(s.trajectory.status));
  const settledSteps = new Map<string, typeof waitingSteps>();
  for (const s of waitingSteps) if (isSettled(s.trajectory.status)) settledSteps.set(s.trajectoryId, [...(settledSteps.get(s.trajectoryId) ?? []), s]);
  for (const [trajectoryId, group] of settledSteps) {
    const indexes = new Set(group.map((s) => s.index));
    const linked = await completeSettled(ctx, { trajectoryId }, `trajectory ${group[0]!.trajectory.sourceId}`, { file: imagePath, line: null }, async (tx) => {
      await tx.step.updateMany({ where: { id: { in: group.map((s) => s.id) } }, data: { mediaId, imageMissing: false } });
    }, (before) => (before.kind === "trajectory" ? { ...before, steps: before.steps.map((s) => (indexes.has(s.index) ? { ...s, screenshot: mediaId } : s)) } : before));
    if (linked) {
      touched.trajectories.add(trajectoryId);
      completed += group.length;
      noteTrajectoryLanded(report, group[0]!.trajectory);
    }
  }
  const overlays = await lookupInChunks(refs, (chunk) =>
    db.step.findMany({ where: { overlayMediaId: null, overlayImageRef: { in: chunk }, trajectory: { projectId } }, select: { id: true, trajectoryId: true } }),
  );
  if (steps.length) writes.push(db.step.updateMany({ where: { id: { in: steps.map((s) => s.id) } }, data: { mediaId, imageMissing: false } }));
  if (overlays.length) writes.push(db.step.updateMany({ where: { id: { in: overlays.map((s) => s.id) } }, data: { overlayMediaId: mediaId } }));
  for (const step of [...steps, ...overlays]) touched.trajectories.add(step.trajectoryId);
  for (const step of steps) noteTrajectoryLanded(report, step.trajectory);
  completed += steps.length + overlays.length;
  if (writes.length) await db.$transaction(writes);
  report.updated += completed;
  return completed;
}
