import { titled } from "@/lib/i18n/server";
import { PoolsScreen } from "@/components/pools/pools-screen";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { listPoolViews } from "@/lib/pools/pool-overview";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("pools.title");

export default async function PoolsPage({ params }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  const pools = await listPoolViews(db(), project.id);
  const runs = isAdmin ? await db().evaluationRun.findMany({ where: { projectId: project.id }, orderBy: { name: "asc" }, select: { id: true, name: true } }) : [];
  return <PoolsScreen project={project} pools={pools} isAdmin={isAdmin} poolRoots={isAdmin ? env().poolRoots : []} runs={runs} />;
}
