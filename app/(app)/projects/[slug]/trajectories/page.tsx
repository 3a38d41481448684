import { TrajectoryList } from "@/components/trajectories/trajectory-list";
import { isReviewerRole, roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listTrajectories, trajectoryFacets } from "@/lib/trajectories/list-trajectories";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("project.trajectories");

export default async function TrajectoriesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const viewer = { seesHuman: isReviewerRole(access.role) };
  const filter = parseTrajectoryFilter(await searchParams, viewer);
  const [result, facets] = await Promise.all([listTrajectories(db(), project.id, filter, viewer), trajectoryFacets(db(), project.id)]);
  return <TrajectoryList project={project} filter={filter} facets={facets} result={result} seesHuman={viewer.seesHuman} canQueue={access.role === "owner" || roleAtLeast(access.role, "admin")} />;
}
