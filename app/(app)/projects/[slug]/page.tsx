import { ProjectHome } from "@/components/projects/project-home";
import { isReviewerRole } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { projectOverview } from "@/lib/projects/overview";

type Props = { params: Promise<{ slug: string }> };

export const generateMetadata = titled("shell.project");

export default async function ProjectPage({ params }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const overview = await projectOverview(db(), project.id, { userId: access.user.id, seesHuman: isReviewerRole(access.role) });
  return <ProjectHome project={project} role={access.role} overview={overview} />;
}
