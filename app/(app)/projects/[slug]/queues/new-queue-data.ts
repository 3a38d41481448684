import "server-only";
// What the admin's "New queue" form offers: the project's active members and the filter
// values present in the project. Sample sources and platforms are read here rather than with
// sampleFacets, which filters the non-nullable sourceDataset with `not: null` and so fails.
import type { Db } from "@/lib/db";
import { listMembers } from "@/lib/projects/members";
import { trajectoryFacets } from "@/lib/trajectories/list-trajectories";

export async function newQueueData(db: Db, projectId: string) {
  const [memberships, sources, platforms, trajectories] = await Promise.all([
    listMembers(db, projectId),
    db.groundingSample.findMany({ where: { projectId }, distinct: ["sourceDataset"], select: { sourceDataset: true }, orderBy: { sourceDataset: "asc" }, take: 200 }),
    db.groundingSample.findMany({ where: { projectId, platform: { not: null } }, distinct: ["platform"], select: { platform: true }, orderBy: { platform: "asc" }, take: 200 }),
    trajectoryFacets(db, projectId),
  ]);
  const members = memberships
    .filter((m) => !m.user.disabledAt)
    .map((m) => ({ id: m.user.id, name: m.user.name, email: m.user.email, role: m.role }));
  const facets = { sources: sources.map((r) => r.sourceDataset), platforms: platforms.flatMap((r) => (r.platform ? [r.platform] : [])), benchmarks: trajectories.benchmarks, runs: trajectories.runs };
  return { members, facets };
}
