import "server-only";
// Everything the grounding review screen shows for one sample, read once for the server page
// and for the screen-data route (app/api/projects/[projectId]/samples/[sampleId]/screen/route.ts) alike, so a
// swap on the client shows what a reload of the same address would. Plain JSON throughout
// (dates as ISO strings): the route sends it as it is.
import type { ProjectAccess } from "@/lib/auth/session-user";
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { isRowId } from "@/lib/ids/row-id-shape";
import { neighbourSamples } from "@/lib/samples/list-samples";
import { filterQuery, parseSampleFilter } from "@/lib/samples/sample-filters";
import { loadSampleReview } from "@/lib/samples/sample-review";
import { itemStanding, screenViewer } from "@/lib/api/review-screens/item-standing";
import { queryOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";

export type ScreenProject = { id: string; slug: string; name: string; settings: unknown };

export async function loadSampleScreen(db: Db, project: ScreenProject, access: ProjectAccess, sampleId: string, search: ScreenSearch) {
  if (!isRowId(sampleId)) return null;
  const { canOverride, showsStanding } = screenViewer(access, search);
  const filter = parseSampleFilter(search, { seesHuman: canOverride });
  const [review, neighbours, around] = await Promise.all([
    loadSampleReview(db, project.id, sampleId, access.user.id, { seesDerived: showsStanding }),
    neighbourSamples(db, project.id, sampleId, filter, { seesHuman: canOverride }),
    itemStanding(db, project.id, access, { sampleId }, search),
  ]);
  if (!review) return null;
  const { standing } = around;
  const verified = standing?.status === "verified";
  return {
    address: `/projects/${project.slug}/samples/${sampleId}${queryOf(search)}`,
    project: { id: project.id, slug: project.slug, name: project.name },
    review,
    tiers: ProjectSettingsSchema.parse(project.settings).tiers,
    canOverride,
    // The list's filters for the previous/next links, without the list's own page cursor.
    query: filterQuery({ ...filter, after: undefined }),
    neighbours: { previous: neighbours.previous?.id ?? null, next: neighbours.next?.id ?? null, nextMediaId: neighbours.next?.mediaId ?? null },
    ...around,
    finalBox: verified ? (standing.final?.grounding?.box ?? null) : null,
    finalPayload: verified ? (standing.final?.grounding ?? null) : null,
  };
}

export type SampleScreen = NonNullable<Awaited<ReturnType<typeof loadSampleScreen>>>;
