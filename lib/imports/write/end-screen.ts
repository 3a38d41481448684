import "server-only";
// The screen an episode ended on, after its last action: the parsers put its reference in the
// trajectory's extra as endScreenshotRef (AndroidLab's screenshot-end-*, OSWorld's last
// screenshot, AgentLab's and AndroidControl's last one); the import links it to its media here
// like a step's screenshot, so the review screen can show it as the filmstrip's last frame.
// A reference that cannot be found is noted in the report and linked by a later import that
// has the file; one found before is kept when this import cannot find it.
import type { TrajectoryRecord } from "@/lib/imports/records";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { note, type FormatReport } from "@/lib/imports/write/report";

export type EndScreen = { endImageRef: string | null; endMediaId: string | null };

export function endScreenRefOf(record: Pick<TrajectoryRecord, "extra">): string | null {
  const ref = (record.extra as { endScreenshotRef?: unknown } | null | undefined)?.endScreenshotRef;
  return typeof ref === "string" && ref.length > 0 ? ref : null;
}

/** The end screen this record stores, keeping the media a stored row found for the same ref. */
export async function lookupEndScreen(
  ctx: { media: MediaCache; report: FormatReport },
  record: Pick<TrajectoryRecord, "extra" | "location">,
  stored: EndScreen | null,
): Promise<EndScreen> {
  const ref = endScreenRefOf(record);
  if (!ref) return { endImageRef: null, endMediaId: null };
  if (stored?.endImageRef === ref && stored.endMediaId) return { endImageRef: ref, endMediaId: stored.endMediaId };
  const found = await ctx.media.lookup(ref);
  if (!found.found) {
    note(ctx.report, record.location, `the final screen (after the last action): ${found.reason}`);
    return { endImageRef: ref, endMediaId: null };
  }
  if (found.isNew) ctx.report.created.media += 1;
  return { endImageRef: ref, endMediaId: found.mediaId };
}
