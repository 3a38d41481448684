import "server-only";
// Everything the trajectory review screen shows for one trajectory, read once for the server
// page and for the screen-data route (app/api/projects/[projectId]/trajectories/[trajectoryId]/screen/route.ts)
// alike, so a swap on the client shows what a reload of the same address would. Plain JSON
// throughout (dates as ISO strings): the route sends it as it is.
import type { ProjectAccess } from "@/lib/auth/session-user";
import type { Db } from "@/lib/db";
import { isRowId } from "@/lib/ids/row-id-shape";
import { neighbourTrajectories } from "@/lib/trajectories/list-trajectories";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { loadTrajectoryReview } from "@/lib/trajectories/trajectory-review";
import { itemStanding, screenViewer } from "@/lib/api/review-screens/item-standing";
import { queryOf, type ScreenSearch } from "@/lib/api/review-screens/screen-search";
import type { ScreenProject } from "@/lib/api/review-screens/sample-screen";

export async function loadTrajectoryScreen(db: Db, project: ScreenProject, access: ProjectAccess, trajectoryId: string, search: ScreenSearch) {
  if (!isRowId(trajectoryId)) return null;
  const { canOverride, showsStanding } = screenViewer(access, search);
  const filter = parseTrajectoryFilter(search, { seesHuman: canOverride });
  const [review, neighbours, around] = await Promise.all([
    loadTrajectoryReview(db, project.id, trajectoryId, access.user.id, { seesDerived: showsStanding }),
    neighbourTrajectories(db, project.id, trajectoryId, filter, { userId: access.user.id, seesHuman: canOverride }),
    itemStanding(db, project.id, access, { trajectoryId }, search),
  ]);
  if (!review) return null;
  const { standing } = around;
  const query = queryOf(search);
  return {
    address: `/projects/${project.slug}/trajectories/${trajectoryId}${query}`,
    project: { id: project.id, slug: project.slug, name: project.name },
    review,
    canOverride,
    // The list's filters ride along unchanged, so back/next links return to the same list.
    query,
    neighbours,
    ...around,
    finalPayload: standing?.status === "verified" ? (standing.final?.trajectory ?? null) : null,
  };
}

export type TrajectoryScreen = NonNullable<Awaited<ReturnType<typeof loadTrajectoryScreen>>>;
