import "server-only";
// Completes samples and steps that were imported with image_missing: an image whose path
// matches the end of their image reference (or its file name) is ingested and linked.
import path from "node:path";
import type { Db } from "@/lib/db";
import type { ImageRecord } from "@/lib/imports/records";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { note, reject, type ImportReport } from "@/lib/imports/write/report";

function matches(ref: string | null, imagePath: string): boolean {
  if (!ref) return false;
  const normalized = ref.replace(/\\/g, "/").replace(/^\.\//, "");
  return normalized === imagePath || normalized.endsWith(`/${imagePath}`) || path.posix.basename(normalized) === path.posix.basename(imagePath);
}

export async function completeImages(db: Db, projectId: string, records: ImageRecord[], media: MediaCache, report: ImportReport) {
  for (const record of records) {
    const name = path.posix.basename(record.path);
    const [samples, steps] = await Promise.all([
      db.groundingSample.findMany({ where: { projectId, imageMissing: true, imageRef: { endsWith: name } }, select: { id: true, imageRef: true } }),
      db.step.findMany({ where: { imageMissing: true, imageRef: { endsWith: name }, trajectory: { projectId } }, select: { id: true, imageRef: true } }),
    ]);
    const sampleIds = samples.filter((s) => matches(s.imageRef, record.path)).map((s) => s.id);
    const stepIds = steps.filter((s) => matches(s.imageRef, record.path)).map((s) => s.id);
    if (sampleIds.length === 0 && stepIds.length === 0) {
      note(report, record.location, "no record is waiting for this image");
      report.unchanged += 1;
      continue;
    }
    const found = await media.lookup(record.path);
    if (!found.found) {
      reject(report, record.location, found.reason);
      continue;
    }
    if (found.isNew) report.created.media += 1;
    await db.$transaction([
      db.groundingSample.updateMany({ where: { id: { in: sampleIds } }, data: { mediaId: found.mediaId, imageMissing: false, derivedRevision: 0 } }),
      db.step.updateMany({ where: { id: { in: stepIds } }, data: { mediaId: found.mediaId, imageMissing: false } }),
    ]);
    report.updated += sampleIds.length + stepIds.length;
  }
}
