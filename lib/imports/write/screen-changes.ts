import "server-only";
// How much the screen changed between consecutive steps, computed once when an import links
// screenshots to steps and stored on the earlier step (Step.nextScreen*): the pixel agreement
// AndroidLab's reasonable-operation ratio rests on (lib/domain/screen-agreement.ts), on the
// pixel values sharp decodes. A step is compared again only when its own screenshot or the
// next one changed (a re-import that finds a missing screenshot, an images-only completion),
// so re-importing the same run decodes nothing. Where the pixels differ is stored beside it
// (nextScreenRegions, lib/domain/screen-diff.ts) for the review screen's change overlay.
import sharp from "sharp";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { changedRegions } from "@/lib/domain/screen-diff";
import { screenAgreement, type DecodedImage } from "@/lib/domain/screen-agreement";
import type { MediaStore } from "@/lib/media/store";

type StepRow = {
  id: string;
  trajectoryId: string;
  index: number;
  mediaId: string | null;
  nextScreenMediaId: string | null;
  nextScreenStatus: string | null;
  nextScreenRegions: unknown;
  media: { storageKey: string } | null;
};

type Comparison = {
  nextScreenAgreement: number | null;
  nextScreenUnchanged: boolean | null;
  nextScreenStatus: string;
  nextScreenMediaId: string | null;
  nextScreenRegions: Prisma.InputJsonValue | typeof Prisma.DbNull;
};

const CHUNK = 200;

async function decode(store: MediaStore, storageKey: string): Promise<DecodedImage | null> {
  try {
    const { data, info } = await sharp(await store.read(storageKey)).raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    return null;
  }
}

function isCurrent(step: StepRow, next: StepRow | undefined): boolean {
  if (step.nextScreenStatus === null) return false;
  if (!next) return step.nextScreenStatus === "last_step";
  // A comparison waiting for a missing screenshot is done again once both are there.
  if (step.nextScreenStatus === "image_missing") return !(step.mediaId && next.mediaId);
  // Compared before the regions were stored: compared again once, for them.
  if (step.nextScreenStatus === "compared" && (step.nextScreenRegions === null || step.nextScreenRegions === undefined)) return false;
  return step.nextScreenMediaId === next.mediaId;
}

async function compareTrajectory(db: Db, store: MediaStore, steps: StepRow[]): Promise<number> {
  const decoded = new Map<string, Promise<DecodedImage | null>>();
  const image = (s: StepRow) => {
    if (!s.mediaId || !s.media) return Promise.resolve(null);
    if (!decoded.has(s.mediaId)) decoded.set(s.mediaId, decode(store, s.media.storageKey));
    return decoded.get(s.mediaId)!;
  };
  let written = 0;
  for (const [i, step] of steps.entries()) {
    const next = steps[i + 1];
    if (isCurrent(step, next)) continue;
    let data: Comparison;
    if (!next) data = { nextScreenAgreement: null, nextScreenUnchanged: null, nextScreenStatus: "last_step", nextScreenMediaId: null, nextScreenRegions: Prisma.DbNull };
    else {
      const [a, b] = [await image(step), await image(next)];
      if (!a || !b) data = { nextScreenAgreement: null, nextScreenUnchanged: null, nextScreenStatus: "image_missing", nextScreenMediaId: next.mediaId, nextScreenRegions: Prisma.DbNull };
      else {
        const c = screenAgreement(a, b);
        const regions = c.status === "compared" ? changedRegions(a, b) : null;
        data = { nextScreenAgreement: c.agreement, nextScreenUnchanged: c.isUnchanged, nextScreenStatus: c.status, nextScreenMediaId: next.mediaId, nextScreenRegions: regions ?? Prisma.DbNull };
      }
    }
    await db.step.update({ where: { id: step.id }, data, select: { id: true } });
    written += 1;
    // Only the previous screenshot is needed again.
    for (const key of decoded.keys()) if (key !== step.mediaId && key !== next?.mediaId) decoded.delete(key);
  }
  return written;
}

/** Compares the consecutive screenshots of these trajectories where that is not stored yet. */
export async function storeScreenChanges(db: Db, store: MediaStore, trajectoryIds: readonly string[]): Promise<number> {
  let written = 0;
  const ids = [...new Set(trajectoryIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const steps = await db.step.findMany({
      where: { trajectoryId: { in: ids.slice(i, i + CHUNK) } },
      orderBy: [{ trajectoryId: "asc" }, { index: "asc" }],
      select: { id: true, trajectoryId: true, index: true, mediaId: true, nextScreenMediaId: true, nextScreenStatus: true, nextScreenRegions: true, media: { select: { storageKey: true } } },
    });
    const byTrajectory = new Map<string, StepRow[]>();
    for (const s of steps) byTrajectory.set(s.trajectoryId, [...(byTrajectory.get(s.trajectoryId) ?? []), s]);
    for (const list of byTrajectory.values()) written += await compareTrajectory(db, store, list);
  }
  return written;
}
