import { titled } from "@/lib/i18n/server";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";
import { db } from "@/lib/db";
import { loadDashboard } from "@/lib/dashboard/load-dashboard";
import { projectPageAccess } from "@/lib/projects/page-access";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("project.dashboard");

// Figures across everyone's work: reviewers and admins only.
export default async function DashboardPage({ params }: Props) {
  const { slug } = await params;
  const { project } = await projectPageAccess(slug, "reviewer");
  const dashboard = await loadDashboard(db(), project);
  return <DashboardScreen project={project} d={dashboard} />;
}
